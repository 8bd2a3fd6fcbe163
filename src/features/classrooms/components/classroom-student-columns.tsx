import type { z } from 'zod';
import type { ClassroomStudent } from '../../../../contract/classrooms';
import { column, dayColumn, studentColumn } from '../../../shared/admin/admin-columns';
import type { AdminColumn } from '../../../shared/admin/admin-table';

export type Seat = z.infer<typeof ClassroomStudent>;
export const seatName = (seat: Pick<Seat, 'first_name' | 'last_name'>) => `${seat.first_name} ${seat.last_name}`;

/** A classroom's students (the list kit adds "Remove" for who may manage). */
export const classroomStudentColumns: AdminColumn<Seat>[] = [
  studentColumn(seatName, (seat) => seat.student_id),
  column('code', 'Code', (seat) => seat.code || '—'),
  dayColumn('seated', 'Seated since', (seat) => seat.created_at),
];
