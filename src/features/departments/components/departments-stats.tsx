import { AdminStats } from '../../../shared/admin/admin-stats';

/** count_all, count_enabled, count_disabled: over all of the organization's departments. */
export function DepartmentsStats({ list }: { list: { count_all: number; count_enabled: number; count_disabled: number } }) {
  return (
    <AdminStats
      label="Departments at a glance"
      items={[
        { label: 'All departments', value: list.count_all },
        { label: 'Enabled', value: list.count_enabled },
        { label: 'Disabled', value: list.count_disabled },
      ]}
    />
  );
}
