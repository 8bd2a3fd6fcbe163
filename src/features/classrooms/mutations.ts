import { classrooms } from '../../../contract/routes';
import { api } from '../../shared/api/client';
import { ERROR_TEXT } from '../../shared/api/error-text';
import { useRefreshingMutation } from '../../shared/api/refreshing-mutation';
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

/** Seat a student; a refusal (full, seated elsewhere, disabled) is shown in the seating dialog. */
export function useSeatStudentMutation(orgCode: string, classroomId: string) {
  const seat = (studentId: string) => api(classrooms.addClassroomStudent, { params: { id: classroomId }, body: { student_id: studentId } });
  // The picker names who was seated, and where, once this answers.
  return useRefreshingMutation([classroomQueries.all(orgCode)], 'success', seat, { errorText: ERROR_TEXT.addStudent, inlineError: true });
}

export function useRemoveSeatMutation(orgCode: string) {
  const remove = (seatId: string) => api(classrooms.removeClassroomStudent, { params: { id: seatId } });
  return useRefreshingMutation([classroomQueries.all(orgCode)], 'settled', remove, { errorText: ERROR_TEXT.removeStudent });
}
