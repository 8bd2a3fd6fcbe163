import { Link } from 'react-router-dom';
import type { Program } from '../../../../contract/programs';
import { LongText } from '../../../shared/admin/long-text';
import { adminColumnHelper, type AdminColumn } from '../../../shared/admin/admin-table';

const helper = adminColumnHelper<Program>();
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** The programs table's columns; the ids of sortable ones are the API's ordering fields. */
export const programColumns: AdminColumn<Program>[] = [
  helper.accessor('name', {
    id: 'name',
    header: 'Name',
    enableSorting: true,
    cell: ({ row }) => (
      <div className="admin-cell-main">
        <Link
          className="admin-cell-main__title admin-link admin-long"
          title={row.original.name}
          to={`/organization/programs/${row.original.id}`}
        >
          {row.original.name}
        </Link>
        {row.original.description && <LongText className="admin-cell-main__sub" text={row.original.description} />}
      </div>
    ),
  }),
  helper.accessor('students_count', {
    id: 'students',
    header: 'Students',
    enableSorting: false,
    cell: ({ row }) => row.original.students_count,
  }),
  helper.accessor('created_at', {
    id: 'created_at',
    header: 'Created',
    enableSorting: true,
    cell: ({ row }) => dateFormat.format(new Date(row.original.created_at)),
  }),
];
