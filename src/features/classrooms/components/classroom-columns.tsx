import { Link } from 'react-router-dom';
import type { Classroom } from '../../../../contract/classrooms';
import { LongText } from '../../../shared/admin/long-text';
import { adminColumnHelper, type AdminColumn } from '../../../shared/admin/admin-table';
import { homeroomText, seatsText } from '../format';

const helper = adminColumnHelper<Classroom>();

/** The classrooms table's columns; the ids of sortable ones are the API's ordering fields. */
export const classroomColumns: AdminColumn<Classroom>[] = [
  helper.accessor('name', {
    id: 'name',
    header: 'Name',
    enableSorting: true,
    cell: ({ row }) => (
      <div className="admin-cell-main">
        <Link
          className="admin-cell-main__title admin-link admin-long"
          title={row.original.name}
          to={`/organization/classrooms/${row.original.id}`}
        >
          {row.original.name}
        </Link>
        {row.original.room && <LongText className="admin-cell-main__sub" text={row.original.room} />}
      </div>
    ),
  }),
  helper.accessor('grade_level', {
    id: 'grade_level',
    header: 'Grade level',
    enableSorting: true,
    cell: ({ row }) => row.original.grade_level || '—',
  }),
  helper.accessor('students_count', {
    id: 'seats',
    header: 'Students',
    enableSorting: false,
    cell: ({ row }) => seatsText(row.original),
  }),
  helper.accessor('homeroom', {
    id: 'homeroom',
    header: 'Homeroom teacher',
    enableSorting: false,
    cell: ({ row }) => homeroomText(row.original),
  }),
  helper.accessor('is_enabled', {
    id: 'status',
    header: 'Status',
    enableSorting: false,
    cell: ({ row }) =>
      row.original.is_enabled ? (
        <span className="admin-badge admin-badge--on">Enabled</span>
      ) : (
        <span className="admin-badge admin-badge--off">Disabled</span>
      ),
  }),
];
