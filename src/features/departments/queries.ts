import { queryOptions } from '@tanstack/react-query';
import { departments, goalsLibrary, people } from '../../../contract/routes';
import type { DepartmentOrdering } from '../../../contract/departments';
import { api } from '../../shared/api/client';
import { ERROR_TEXT } from '../../shared/api/error-text';
import { listQuery, pageQuery, type PageParams } from '../../shared/admin/list-query';
import { DEPARTMENTS_ERROR_TEXT } from './error-text';

export interface DepartmentListParams extends PageParams {
  ordering: DepartmentOrdering;
  isEnabled: '' | 'true' | 'false';
}

/** How many candidates a picker shows at once: enough to choose from, search narrows the rest. */
export const PICKER_SIZE = 10;

/** Query-key factory: everything about one organization's departments starts with ['departments', orgCode]. */
export const departmentQueries = {
  all: (orgCode: string) => ['departments', orgCode] as const,
  list: (orgCode: string, params: DepartmentListParams) =>
    listQuery(
      [...departmentQueries.all(orgCode), 'list', params],
      departments.listDepartments,
      {
        params: { orgCode },
        query: { ...pageQuery(params), ordering: params.ordering, is_enabled: params.isEnabled || undefined },
      },
      DEPARTMENTS_ERROR_TEXT.fetchDepartments,
    ),
  detail: (orgCode: string, id: string) =>
    queryOptions({
      queryKey: [...departmentQueries.all(orgCode), 'detail', id],
      queryFn: ({ signal }) => api(departments.getDepartment, { params: { id } }, { signal }),
      meta: { errorText: DEPARTMENTS_ERROR_TEXT.fetchDepartment, inlineError: true },
    }),
  members: (orgCode: string, id: string, params: PageParams) =>
    listQuery(
      [...departmentQueries.all(orgCode), 'detail', id, 'members', params],
      departments.listDepartmentMembers,
      { params: { id }, query: pageQuery(params) },
      DEPARTMENTS_ERROR_TEXT.fetchDepartmentMembers,
    ),
  students: (orgCode: string, id: string, params: PageParams) =>
    listQuery(
      [...departmentQueries.all(orgCode), 'detail', id, 'students', params],
      departments.listDepartmentStudents,
      { params: { id }, query: pageQuery(params) },
      DEPARTMENTS_ERROR_TEXT.fetchDepartmentStudents,
    ),
  history: (orgCode: string, id: string, params: { page: number; pageSize: number }) =>
    listQuery(
      [...departmentQueries.all(orgCode), 'detail', id, 'history', params],
      departments.departmentHistory,
      { params: { id }, query: { page: params.page, page_size: params.pageSize } },
      DEPARTMENTS_ERROR_TEXT.fetchDepartmentHistory,
    ),
  /** A student's goals in every department (the dialog shows this department's); opening them is on the trail. */
  studentGoals: (orgCode: string, orgId: string, studentId: string) =>
    queryOptions({
      queryKey: [...departmentQueries.all(orgCode), 'goals', studentId],
      queryFn: ({ signal }) =>
        api(goalsLibrary.organizationAssignedGoals, { params: { orgId }, query: { student_ids: studentId } }, { signal }),
      meta: { errorText: DEPARTMENTS_ERROR_TEXT.fetchStudentGoals, inlineError: true },
    }),
  /** The organization's active members to add to a team (organization-members/{code}/). */
  organizationMembers: (orgCode: string, search: string, role?: 'therapist' | 'staff') =>
    listQuery(
      [...departmentQueries.all(orgCode), 'organization-members', search, role ?? ''],
      departments.listOrganizationMembers,
      { params: { orgCode }, query: { ...pageQuery({ page: 1, pageSize: PICKER_SIZE, search }), role } },
      DEPARTMENTS_ERROR_TEXT.fetchOrganizationMembers,
    ),
  /** The organization's students to place in a department (the people directory). */
  organizationStudents: (orgCode: string, search: string) =>
    listQuery(
      [...departmentQueries.all(orgCode), 'organization-students', search],
      people.listStudents,
      { params: { orgCode }, query: { ...pageQuery({ page: 1, pageSize: PICKER_SIZE, search }), ordering: 'name' } },
      ERROR_TEXT.fetchStudents,
    ),
};
