import { programs } from '../../../contract/routes';
import { api } from '../../shared/api/client';
import { ERROR_TEXT } from '../../shared/api/error-text';
import { useRefreshingMutation } from '../../shared/api/refreshing-mutation';
import type { AdminRows } from '../../shared/admin/row-mutations';
import { programQueries } from './queries';
import { PROGRAMS_ERROR_TEXT as TEXT } from './error-text';

export const PROGRAM_ROWS = {
  refresh: programQueries.all,
  create: { route: programs.createProgram, errorText: TEXT.createProgram, successText: 'Program created.' },
  update: { route: programs.updateProgram, errorText: TEXT.updateProgram, successText: 'Program saved.' },
  remove: { route: programs.deleteProgram, errorText: TEXT.deleteProgram },
  bulkRemove: { route: programs.bulkDeletePrograms, errorText: TEXT.deletePrograms },
} satisfies AdminRows;

/** Add a candidate enrollment; a refusal shows in the dialog under 'Unable to add student'. */
export function useAddProgramStudentMutation(orgCode: string, programId: string) {
  const add = (enrollmentId: string) =>
    api(programs.addProgramStudent, { params: { id: programId }, body: { enrollment_id: enrollmentId } });
  // The picker names who was added, and where, once this answers.
  return useRefreshingMutation([programQueries.all(orgCode)], 'success', add, { errorText: ERROR_TEXT.addStudent, inlineError: true });
}

export function useRemoveProgramStudentMutation(orgCode: string, programId: string) {
  const remove = (enrollmentId: string) => api(programs.removeProgramStudent, { params: { id: programId, enrollmentId } });
  return useRefreshingMutation([programQueries.all(orgCode)], 'settled', remove, { errorText: ERROR_TEXT.removeStudent });
}
