import { classrooms } from '../../../contract/routes';
import { ERROR_TEXT } from '../../shared/api/error-text';
import { childRows } from '../../shared/admin/child-mutations';
import type { AdminRows } from '../../shared/admin/row-mutations';
import { classroomQueries } from './queries';
import { CLASSROOMS_ERROR_TEXT as TEXT } from './error-text';

export const CLASSROOM_ROWS = {
  refresh: classroomQueries.all,
  create: { route: classrooms.createClassroom, errorText: TEXT.createClassroom, successText: 'Classroom created.' },
  update: { route: classrooms.updateClassroom, errorText: TEXT.updateClassroom, successText: 'Classroom saved.' },
  remove: { route: classrooms.deleteClassroom, errorText: TEXT.deleteClassroom },
  bulkRemove: { route: classrooms.bulkDeleteClassrooms, errorText: TEXT.deleteClassrooms },
} satisfies AdminRows;

/** Seat a student; a refusal (full, seated elsewhere, disabled) is shown in the seating dialog. A seat is removed by its own id. */
export const CLASSROOM_STUDENTS = childRows({
  refresh: classroomQueries.all,
  add: { route: classrooms.addClassroomStudent, errorText: ERROR_TEXT.addStudent, field: 'student_id', after: 'success' },
  remove: { route: classrooms.removeClassroomStudent, errorText: ERROR_TEXT.removeStudent, param: 'id' },
});
