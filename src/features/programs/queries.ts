import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { programs } from '../../../contract/routes';
import { api } from '../../shared/api/client';
import { ERROR_TEXT } from '../../shared/api/error-text';

export interface ProgramListParams {
  page: number;
  pageSize: number;
  search: string;
  ordering: string;
}

export interface ProgramStudentParams {
  page: number;
  pageSize: number;
  search: string;
}

export interface ProgramTeamParams extends ProgramStudentParams {
  ordering: string;
  departmentId: string;
}

/** Query-key factory: everything about one organization's programs starts with ['programs', orgCode]. */
export const programQueries = {
  all: (orgCode: string) => ['programs', orgCode] as const,
  list: (orgCode: string, params: ProgramListParams) =>
    queryOptions({
      queryKey: [...programQueries.all(orgCode), 'list', params],
      queryFn: ({ signal }) =>
        api(
          programs.listPrograms,
          {
            params: { orgCode },
            query: {
              page: params.page,
              page_size: params.pageSize,
              search: params.search || undefined,
              ordering: params.ordering as never,
            },
          },
          { signal },
        ),
      placeholderData: keepPreviousData,
      meta: { errorText: ERROR_TEXT.fetchPrograms, inlineError: true },
    }),
  /** Every program at once (programs-full): the detail screen finds its program there. */
  full: (orgCode: string) =>
    queryOptions({
      queryKey: [...programQueries.all(orgCode), 'full'],
      queryFn: ({ signal }) => api(programs.listProgramsFull, { params: { orgCode }, query: {} }, { signal }),
      meta: { errorText: ERROR_TEXT.fetchProgram, inlineError: true },
    }),
  students: (orgCode: string, id: string, params: ProgramStudentParams) =>
    queryOptions({
      queryKey: [...programQueries.all(orgCode), 'students', id, params],
      queryFn: ({ signal }) =>
        api(
          programs.listProgramStudents,
          { params: { id }, query: { page: params.page, page_size: params.pageSize, search: params.search || undefined } },
          { signal },
        ),
      placeholderData: keepPreviousData,
      meta: { errorText: ERROR_TEXT.fetchProgramStudents, inlineError: true },
    }),
  candidates: (orgCode: string, id: string, search: string) =>
    queryOptions({
      queryKey: [...programQueries.all(orgCode), 'candidates', id, search],
      queryFn: ({ signal }) =>
        api(
          programs.listCandidateEnrollments,
          { params: { id }, query: { page: 1, page_size: 20, search: search || undefined } },
          { signal },
        ),
      placeholderData: keepPreviousData,
      meta: { errorText: ERROR_TEXT.fetchStudents, inlineError: true },
    }),
  departments: (orgCode: string, id: string) =>
    queryOptions({
      queryKey: [...programQueries.all(orgCode), 'departments', id],
      queryFn: ({ signal }) => api(programs.listProgramDepartments, { params: { id } }, { signal }),
      meta: { errorText: ERROR_TEXT.fetchProgramDepartments, inlineError: true },
    }),
  team: (orgCode: string, id: string, params: ProgramTeamParams) =>
    queryOptions({
      queryKey: [...programQueries.all(orgCode), 'team', id, params],
      queryFn: ({ signal }) =>
        api(
          programs.listProgramMembers,
          {
            params: { id },
            query: {
              page: params.page,
              size: params.pageSize,
              search: params.search || undefined,
              department_id: params.departmentId || undefined,
              ordering: params.ordering as never,
            },
          },
          { signal },
        ),
      placeholderData: keepPreviousData,
      meta: { errorText: ERROR_TEXT.fetchProgramTeam, inlineError: true },
    }),
};
