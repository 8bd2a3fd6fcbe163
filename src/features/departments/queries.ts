import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { departments, people } from '../../../contract/routes';
import { api } from '../../shared/api/client';
import { ERROR_TEXT } from '../../shared/api/error-text';

export interface DepartmentListParams {
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

/** How many candidates a picker shows at once: enough to choose from, search narrows the rest. */
export const PICKER_SIZE = 10;

/** Query-key factory: everything about one organization's departments starts with ['departments', orgCode]. */
export const departmentQueries = {
  all: (orgCode: string) => ['departments', orgCode] as const,
  list: (orgCode: string, params: DepartmentListParams) =>
    queryOptions({
      queryKey: [...departmentQueries.all(orgCode), 'list', params],
      queryFn: ({ signal }) =>
        api(
          departments.listDepartments,
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
      meta: { errorText: ERROR_TEXT.fetchDepartments, inlineError: true },
    }),
  detail: (orgCode: string, id: string) =>
    queryOptions({
      queryKey: [...departmentQueries.all(orgCode), 'detail', id],
      queryFn: ({ signal }) => api(departments.getDepartment, { params: { id } }, { signal }),
      meta: { errorText: ERROR_TEXT.fetchDepartment, inlineError: true },
    }),
  members: (orgCode: string, id: string, params: PageParams) =>
    queryOptions({
      queryKey: [...departmentQueries.all(orgCode), 'detail', id, 'members', params],
      queryFn: ({ signal }) =>
        api(
          departments.listDepartmentMembers,
          { params: { id }, query: { page: params.page, page_size: params.pageSize, search: params.search || undefined } },
          { signal },
        ),
      placeholderData: keepPreviousData,
      meta: { errorText: ERROR_TEXT.fetchDepartmentMembers, inlineError: true },
    }),
  students: (orgCode: string, id: string, params: PageParams) =>
    queryOptions({
      queryKey: [...departmentQueries.all(orgCode), 'detail', id, 'students', params],
      queryFn: ({ signal }) =>
        api(
          departments.listDepartmentStudents,
          { params: { id }, query: { page: params.page, page_size: params.pageSize, search: params.search || undefined } },
          { signal },
        ),
      placeholderData: keepPreviousData,
      meta: { errorText: ERROR_TEXT.fetchDepartmentStudents, inlineError: true },
    }),
  history: (orgCode: string, id: string, params: { page: number; pageSize: number }) =>
    queryOptions({
      queryKey: [...departmentQueries.all(orgCode), 'detail', id, 'history', params],
      queryFn: ({ signal }) =>
        api(departments.departmentHistory, { params: { id }, query: { page: params.page, page_size: params.pageSize } }, { signal }),
      placeholderData: keepPreviousData,
      meta: { errorText: ERROR_TEXT.fetchDepartmentHistory, inlineError: true },
    }),
  /** The organization's active members to add to a team (spec §7: organization-members/{code}/). */
  organizationMembers: (orgCode: string, search: string, role?: 'therapist' | 'staff') =>
    queryOptions({
      queryKey: [...departmentQueries.all(orgCode), 'organization-members', search, role ?? ''],
      queryFn: ({ signal }) =>
        api(
          departments.listOrganizationMembers,
          { params: { orgCode }, query: { page: 1, page_size: PICKER_SIZE, search: search || undefined, role } },
          { signal },
        ),
      placeholderData: keepPreviousData,
      meta: { errorText: ERROR_TEXT.fetchOrganizationMembers, inlineError: true },
    }),
  /** The organization's students to place in a department (the people directory). */
  organizationStudents: (orgCode: string, search: string) =>
    queryOptions({
      queryKey: [...departmentQueries.all(orgCode), 'organization-students', search],
      queryFn: ({ signal }) =>
        api(
          people.listStudents,
          { params: { orgCode }, query: { page: 1, page_size: PICKER_SIZE, search: search || undefined, ordering: 'name' } },
          { signal },
        ),
      placeholderData: keepPreviousData,
      meta: { errorText: ERROR_TEXT.fetchStudents, inlineError: true },
    }),
};
