import { programs } from '../../../contract/routes';
import type { ProgramMemberOrdering } from '../../../contract/programs';
import { ERROR_TEXT } from '../../shared/api/error-text';
import { listQuery, organizationList, pageQuery, type PageParams } from '../../shared/admin/list-query';
import { PROGRAMS_ERROR_TEXT } from './error-text';
import { callQuery } from '../../shared/api/call-query';

export interface ProgramTeamParams extends PageParams {
  ordering: ProgramMemberOrdering;
  departmentId: string;
}

/** Query-key factory: everything about one organization's programs starts with ['programs', orgCode]. */
export const programQueries = {
  ...organizationList('programs', programs.listPrograms, PROGRAMS_ERROR_TEXT.fetchPrograms),
  /** Every program at once (programs-full): the detail screen finds its program there. */
  full: (orgCode: string) =>
    callQuery(
      [...programQueries.all(orgCode), 'full'],
      programs.listProgramsFull,
      { params: { orgCode }, query: {} },
      PROGRAMS_ERROR_TEXT.fetchProgram,
    ),
  students: (orgCode: string, id: string, params: PageParams) =>
    listQuery(
      [...programQueries.all(orgCode), 'students', id, params],
      programs.listProgramStudents,
      { params: { id }, query: pageQuery(params) },
      PROGRAMS_ERROR_TEXT.fetchProgramStudents,
    ),
  candidates: (orgCode: string, id: string, search: string) =>
    listQuery(
      [...programQueries.all(orgCode), 'candidates', id, search],
      programs.listCandidateEnrollments,
      { params: { id }, query: pageQuery({ page: 1, pageSize: 20, search }) },
      ERROR_TEXT.fetchStudents,
    ),
  departments: (orgCode: string, id: string) =>
    callQuery(
      [...programQueries.all(orgCode), 'departments', id],
      programs.listProgramDepartments,
      { params: { id } },
      PROGRAMS_ERROR_TEXT.fetchProgramDepartments,
    ),
  /** The program's team: this call names its page size `size`. */
  team: (orgCode: string, id: string, params: ProgramTeamParams) =>
    listQuery(
      [...programQueries.all(orgCode), 'team', id, params],
      programs.listProgramMembers,
      {
        params: { id },
        query: {
          page: params.page,
          size: params.pageSize,
          search: params.search || undefined,
          department_id: params.departmentId || undefined,
          ordering: params.ordering,
        },
      },
      PROGRAMS_ERROR_TEXT.fetchProgramTeam,
    ),
};
