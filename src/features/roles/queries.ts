import { keepPreviousData } from '@tanstack/react-query';
import { departments, roles } from '../../../contract/routes';
import { api } from '../../shared/api/client';
import { pageQuery, type PageParams } from '../../shared/admin/list-query';
import { ROLES_ERROR_TEXT } from './error-text';

/**
 * Query-key factory: everything about one organization's roles starts with ['roles', orgId], its
 * members list with ['roles', orgId, 'members'] (a role given changes both lists' figures).
 * Plain option objects, as the dashboard's (queryOptions regrouped the start-up chunks once).
 */
export const roleQueries = {
  all: (orgId: string) => ['roles', orgId] as const,
  /**
   * Every role (an organization has a handful; 100 is the call's page limit): the roles table
   * searches and pages them here, and the members' role pickers offer them.
   */
  choices: (orgId: string) => ({
    queryKey: [...roleQueries.all(orgId), 'choices'],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api(roles.listRoles, { params: { orgId }, query: { page: 1, page_size: 100 } }, { signal }),
    meta: { errorText: ROLES_ERROR_TEXT.fetchRoles, inlineError: true },
  }),
  members: (orgId: string, orgCode: string, params: PageParams) => ({
    queryKey: [...roleQueries.all(orgId), 'members', params],
    queryFn: async ({ signal }: { signal: AbortSignal }) => {
      const answer = await api(departments.listOrganizationMembers, { params: { orgCode }, query: pageQuery(params) }, { signal });
      // The list kit keys rows by `id`: a member is their membership.
      return { ...answer, results: answer.results.map((row) => ({ ...row, id: row.membership_id })) };
    },
    placeholderData: keepPreviousData,
    meta: { errorText: ROLES_ERROR_TEXT.fetchMembers, inlineError: true },
  }),
};
