import { Link } from 'react-router-dom';
import type { Department } from '../../../../contract/departments';
import { adminColumnHelper, type AdminColumn } from '../../../shared/admin/admin-table';
import { departmentPath, formatDate } from '../format';

const helper = adminColumnHelper<Department>();

/** The departments table's columns; the ids of sortable ones are the API's ordering fields. */
export const departmentColumns: AdminColumn<Department>[] = [
  helper.accessor('name', {
    id: 'name',
    header: 'Name',
    enableSorting: true,
    cell: ({ row }) => (
      <div className="admin-cell-main">
        <Link className="admin-cell-main__title admin-cell-link admin-long" title={row.original.name} to={departmentPath(row.original.id)}>
          {row.original.name}
        </Link>
      </div>
    ),
  }),
  helper.accessor('members_count', {
    id: 'team',
    header: 'Team',
    enableSorting: false,
    cell: ({ row }) => `${row.original.members_count} ${row.original.members_count === 1 ? 'member' : 'members'}`,
  }),
  helper.accessor('students_count', {
    id: 'students',
    header: 'Students',
    enableSorting: false,
    cell: ({ row }) => `${row.original.students_count} ${row.original.students_count === 1 ? 'student' : 'students'}`,
  }),
  helper.accessor('is_enabled', {
    id: 'status',
    header: 'Status',
    enableSorting: false,
    cell: ({ row }) => <EnabledBadge isEnabled={row.original.is_enabled} />,
  }),
  helper.accessor('created_at', {
    id: 'created_at',
    header: 'Created',
    enableSorting: true,
    cell: ({ row }) => formatDate(row.original.created_at),
  }),
];

export function EnabledBadge({ isEnabled }: { isEnabled: boolean }) {
  return isEnabled ? (
    <span className="admin-badge admin-badge--on">Enabled</span>
  ) : (
    <span className="admin-badge admin-badge--off">Disabled</span>
  );
}
