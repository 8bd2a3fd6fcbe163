import { AdminStats } from '../../../shared/admin/admin-stats';

/** The spec's stats over all of the organization's classrooms (not the search or filter). */
export function ClassroomsStats({ list }: { list: { count_all: number; count_enabled: number; count_disabled: number } }) {
  return (
    <AdminStats
      label="Classrooms at a glance"
      items={[
        { label: 'All classrooms', value: list.count_all },
        { label: 'Enabled', value: list.count_enabled },
        { label: 'Disabled', value: list.count_disabled },
      ]}
    />
  );
}
