import { keepPreviousData, queryOptions, type QueryKey } from '@tanstack/react-query';
import { departments, enrollments, people, programs, services } from '../../../contract/routes';
import type { Enrollment, EnrollmentOrdering, OrgStatus, ParentStatus } from '../../../contract/enrollments';
import { api } from '../../shared/api/client';
import { listQuery, pageQuery, type PageParams } from '../../shared/admin/list-query';
import { ENROLLMENTS_ERROR_TEXT } from './error-text';

/** An enrollment as the list holds it: named by its student. */
export type EnrollmentRow = Enrollment & { name: string };

export interface EnrollmentListParams extends PageParams {
  ordering: EnrollmentOrdering;
  orgStatus: string;
  parentStatus: string;
  archived: string;
}

/** Query-key factory: everything about one organization's enrollments and their templates starts with ['enrollments', orgCode]. */
export const enrollmentQueries = {
  all: (orgCode: string) => ['enrollments', orgCode] as const,
  /** A page of enrollments, each with the student's name as its `name` (what the list kit labels rows by). */
  list: (orgCode: string, params: EnrollmentListParams) =>
    queryOptions({
      queryKey: [...enrollmentQueries.all(orgCode), 'list', params] as QueryKey,
      queryFn: async ({ signal }) => {
        const query = {
          ...pageQuery(params),
          ordering: params.ordering,
          org_status: (params.orgStatus || undefined) as OrgStatus | undefined,
          parent_status: (params.parentStatus || undefined) as ParentStatus | undefined,
          archived: params.archived === 'true' ? ('true' as const) : ('false' as const),
        };
        const page = await api(enrollments.listEnrollments, { params: { orgCode }, query }, { signal });
        return {
          ...page,
          results: page.results.map((e): EnrollmentRow => ({ ...e, name: `${e.student.first_name} ${e.student.last_name}` })),
        };
      },
      placeholderData: keepPreviousData,
      meta: { errorText: ENROLLMENTS_ERROR_TEXT.fetchEnrollments, inlineError: true },
    }),
  contractTemplates: (orgCode: string, params: PageParams) =>
    listQuery(
      [...enrollmentQueries.all(orgCode), 'contract-templates', params],
      enrollments.listContractTemplates,
      { params: { orgCode }, query: pageQuery(params) },
      ENROLLMENTS_ERROR_TEXT.fetchContractTemplates,
    ),
  privacyRoles: (orgCode: string, params: PageParams) =>
    listQuery(
      [...enrollmentQueries.all(orgCode), 'privacy-roles', params],
      enrollments.listPrivacyRoleTemplates,
      { params: { orgCode }, query: pageQuery(params) },
      ENROLLMENTS_ERROR_TEXT.fetchPrivacyRoles,
    ),
  /** What the enrollment form chooses from: students, templates, departments and programs (the first 100 of each, by name). */
  formChoices: (orgCode: string) =>
    queryOptions({
      queryKey: [...enrollmentQueries.all(orgCode), 'form-choices'],
      queryFn: async ({ signal }) => {
        const page = { page: 1, page_size: 100 };
        const [students, contracts, privacy, departmentList, programList, offered] = await Promise.all([
          api(people.listStudents, { params: { orgCode }, query: page }, { signal }),
          api(enrollments.listContractTemplates, { params: { orgCode }, query: page }, { signal }),
          api(enrollments.listPrivacyRoleTemplates, { params: { orgCode }, query: page }, { signal }),
          api(departments.listDepartments, { params: { orgCode }, query: page }, { signal }),
          api(programs.listPrograms, { params: { orgCode }, query: page }, { signal }),
          // Only the preview lists the services: a role that may not see prices still enrolls, and its preview says so.
          api(services.listServices, { params: { orgCode }, query: { ...page, is_active: 'true' } }, { signal }).catch(() => null),
        ]);
        return {
          students: students.results,
          contracts: contracts.results,
          privacy: privacy.results,
          departments: departmentList.results,
          programs: programList.results,
          services: offered && offered.results.map((s) => ({ name: s.name, price: `${s.price} ${s.currency}` })),
        };
      },
      meta: { errorText: ENROLLMENTS_ERROR_TEXT.fetchChoices, inlineError: true },
    }),
};
