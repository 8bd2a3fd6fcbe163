import type { z } from 'zod';
import type { ClassroomStudent } from '../../../../contract/classrooms';
import { adminColumnHelper, type AdminColumn } from '../../../shared/admin/admin-table';

export type Seat = z.infer<typeof ClassroomStudent>;
export const seatName = (seat: Pick<Seat, 'first_name' | 'last_name'>) => `${seat.first_name} ${seat.last_name}`;

const helper = adminColumnHelper<Seat>();
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** A classroom's students (the list kit adds "Remove" for who may manage). */
export const classroomStudentColumns: AdminColumn<Seat>[] = [
  helper.accessor('last_name', {
    id: 'name',
    header: 'Student',
    enableSorting: false,
    cell: ({ row }) => (
      <div className="admin-cell-main">
        <span className="admin-cell-main__title">{seatName(row.original)}</span>
      </div>
    ),
  }),
  helper.accessor('code', { id: 'code', header: 'Code', enableSorting: false, cell: ({ row }) => row.original.code || '—' }),
  helper.accessor('created_at', {
    id: 'seated',
    header: 'Seated since',
    enableSorting: false,
    cell: ({ row }) => dateFormat.format(new Date(row.original.created_at)),
  }),
];
