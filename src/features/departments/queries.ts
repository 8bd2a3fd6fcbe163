import { departments, goalsLibrary, people } from '../../../contract/routes';
import { ERROR_TEXT } from '../../shared/api/error-text';
import { listQuery, organizationList, pageQuery, type PageParams } from '../../shared/admin/list-query';
import { DEPARTMENTS_ERROR_TEXT } from './error-text';
import { callQuery } from '../../shared/api/call-query';

/** How many candidates a picker shows at once: enough to choose from, search narrows the rest. */
export const PICKER_SIZE = 10;

/** Query-key factory: everything about one organization's departments starts with ['departments', orgCode]. */
export const departmentQueries = {
  ...organizationList('departments', departments.listDepartments, DEPARTMENTS_ERROR_TEXT.fetchDepartments),
  detail: (orgCode: string, id: string) =>
    callQuery(
      [...departmentQueries.all(orgCode), 'detail', id],
      departments.getDepartment,
      { params: { id } },
      DEPARTMENTS_ERROR_TEXT.fetchDepartment,
    ),
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
    callQuery(
      [...departmentQueries.all(orgCode), 'goals', studentId],
      goalsLibrary.organizationAssignedGoals,
      { params: { orgId }, query: { student_ids: studentId } },
      DEPARTMENTS_ERROR_TEXT.fetchStudentGoals,
    ),
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
