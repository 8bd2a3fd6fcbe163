import { queryOptions } from '@tanstack/react-query';
import { classrooms, people } from '../../../contract/routes';
import type { ClassroomOrdering } from '../../../contract/classrooms';
import { api } from '../../shared/api/client';
import { ERROR_TEXT } from '../../shared/api/error-text';
import { listQuery, pageQuery, type PageParams } from '../../shared/admin/list-query';
import { CLASSROOMS_ERROR_TEXT } from './error-text';

export interface ClassroomListParams extends PageParams {
  ordering: ClassroomOrdering;
  isEnabled: '' | 'true' | 'false';
}

/** Query-key factory: everything about one organization's classrooms starts with ['classrooms', orgCode]. */
export const classroomQueries = {
  all: (orgCode: string) => ['classrooms', orgCode] as const,
  list: (orgCode: string, params: ClassroomListParams) =>
    listQuery(
      [...classroomQueries.all(orgCode), 'list', params],
      classrooms.listClassrooms,
      {
        params: { orgCode },
        query: { ...pageQuery(params), ordering: params.ordering, is_enabled: params.isEnabled || undefined },
      },
      CLASSROOMS_ERROR_TEXT.fetchClassrooms,
    ),
  one: (orgCode: string, id: string) =>
    queryOptions({
      queryKey: [...classroomQueries.all(orgCode), 'one', id],
      queryFn: ({ signal }) => api(classrooms.getClassroom, { params: { orgCode, id } }, { signal }),
      meta: { errorText: CLASSROOMS_ERROR_TEXT.fetchClassroom, inlineError: true },
    }),
  students: (orgCode: string, id: string, params: PageParams) =>
    listQuery(
      [...classroomQueries.all(orgCode), 'students', id, params],
      classrooms.listClassroomStudents,
      { params: { id }, query: pageQuery(params) },
      CLASSROOMS_ERROR_TEXT.fetchClassroomStudents,
    ),
  /** The organization's current therapists, for the homeroom picker (one page of 100, by name). */
  therapists: (orgCode: string) =>
    queryOptions({
      queryKey: ['people', orgCode, 'therapists', 'homeroom-picker'],
      queryFn: ({ signal }) =>
        api(people.listTherapists, { params: { orgCode }, query: { page: 1, page_size: 100, ordering: 'name' } }, { signal }),
      meta: { errorText: CLASSROOMS_ERROR_TEXT.fetchTherapists, inlineError: true },
    }),
  /** Students to seat, by a search over name or code. */
  studentSearch: (orgCode: string, search: string) =>
    listQuery(
      ['people', orgCode, 'students', 'seat-picker', search],
      people.listStudents,
      { params: { orgCode }, query: { ...pageQuery({ page: 1, pageSize: 20, search }), ordering: 'name' } },
      ERROR_TEXT.fetchStudents,
    ),
};
