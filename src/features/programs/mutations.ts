import { programs } from '../../../contract/routes';
import { ERROR_TEXT } from '../../shared/api/error-text';
import { childRows } from '../../shared/admin/child-mutations';
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
export const PROGRAM_STUDENTS = childRows({
  refresh: programQueries.all,
  add: { route: programs.addProgramStudent, errorText: ERROR_TEXT.addStudent, field: 'enrollment_id', after: 'success' },
  remove: { route: programs.removeProgramStudent, errorText: ERROR_TEXT.removeStudent, param: 'enrollmentId' },
});
