import type { Classroom } from '../../../../contract/classrooms';
import { column, nameColumn, statusColumn } from '../../../shared/admin/admin-columns';
import type { AdminColumn } from '../../../shared/admin/admin-table';
import { homeroomText, seatsText } from '../format';

/** The classrooms table's columns; the ids of sortable ones are the API's ordering fields. */
export const classroomColumns: AdminColumn<Classroom>[] = [
  nameColumn({ to: (classroom) => `/organization/classrooms/${classroom.id}`, sub: (classroom) => classroom.room }),
  column('grade_level', 'Grade level', (classroom) => classroom.grade_level || '—', true),
  column('seats', 'Students', (classroom) => seatsText(classroom)),
  column('homeroom', 'Homeroom teacher', (classroom) => homeroomText(classroom)),
  statusColumn((classroom) => classroom.is_active, 'Enabled', 'Disabled'),
];
