import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { classrooms, people } from '../../../contract/routes';
import { api } from '../../shared/api/client';
import { ERROR_TEXT } from '../../shared/api/error-text';

export interface ClassroomListParams {
  page: number;
  pageSize: number;
  search: string;
  ordering: string;
  isEnabled: '' | 'true' | 'false';
}

export interface PageParams {
  page: number;
  pageSize: number;
  search: string;
}

/** Query-key factory: everything about one organization's classrooms starts with ['classrooms', orgCode]. */
export const classroomQueries = {
  all: (orgCode: string) => ['classrooms', orgCode] as const,
  list: (orgCode: string, params: ClassroomListParams) =>
    queryOptions({
      queryKey: [...classroomQueries.all(orgCode), 'list', params],
      queryFn: ({ signal }) =>
        api(
          classrooms.listClassrooms,
          {
            params: { orgCode },
            query: {
              page: params.page,
              page_size: params.pageSize,
              search: params.search || undefined,
              ordering: params.ordering as never,
              is_enabled: params.isEnabled || undefined,
            },
          },
          { signal },
        ),
      placeholderData: keepPreviousData,
      meta: { errorText: ERROR_TEXT.fetchClassrooms, inlineError: true },
    }),
  one: (orgCode: string, id: string) =>
    queryOptions({
      queryKey: [...classroomQueries.all(orgCode), 'one', id],
      queryFn: ({ signal }) => api(classrooms.getClassroom, { params: { orgCode, id } }, { signal }),
      meta: { errorText: ERROR_TEXT.fetchClassroom, inlineError: true },
    }),
  students: (orgCode: string, id: string, params: PageParams) =>
    queryOptions({
      queryKey: [...classroomQueries.all(orgCode), 'students', id, params],
      queryFn: ({ signal }) =>
        api(
          classrooms.listClassroomStudents,
          { params: { id }, query: { page: params.page, page_size: params.pageSize, search: params.search || undefined } },
          { signal },
        ),
      placeholderData: keepPreviousData,
      meta: { errorText: ERROR_TEXT.fetchClassroomStudents, inlineError: true },
    }),
  /** The organization's current therapists, for the homeroom picker (one page of 100, by name). */
  therapists: (orgCode: string) =>
    queryOptions({
      queryKey: ['people', orgCode, 'therapists', 'homeroom-picker'],
      queryFn: ({ signal }) =>
        api(people.listTherapists, { params: { orgCode }, query: { page: 1, page_size: 100, ordering: 'name' } }, { signal }),
      meta: { errorText: ERROR_TEXT.fetchTherapists, inlineError: true },
    }),
  /** Students to seat, by a search over name or code. */
  studentSearch: (orgCode: string, search: string) =>
    queryOptions({
      queryKey: ['people', orgCode, 'students', 'seat-picker', search],
      queryFn: ({ signal }) =>
        api(
          people.listStudents,
          { params: { orgCode }, query: { page: 1, page_size: 20, ordering: 'name', search: search || undefined } },
          { signal },
        ),
      placeholderData: keepPreviousData,
      meta: { errorText: ERROR_TEXT.fetchStudents, inlineError: true },
    }),
};
