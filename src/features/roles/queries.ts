import { departments, roles } from '../../../contract/routes';
import { api } from '../../shared/api/client';
import { keyedListQuery, pageQuery, type PageParams } from '../../shared/admin/list-query';
import { ROLES_ERROR_TEXT } from './error-text';

/**
 * Query-key factory: everything about one organization's roles starts with ['roles', orgId], its
 * members list with ['roles', orgId, 'members'] (a role given changes both lists' figures).
 * The choices are a plain option object, as the dashboard's (queryOptions regrouped the start-up chunks once).
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
  members: (orgId: string, orgCode: string, params: PageParams) =>
    keyedListQuery(
      [...roleQueries.all(orgId), 'members', params],
      departments.listOrganizationMembers,
      { params: { orgCode }, query: pageQuery(params) },
      ROLES_ERROR_TEXT.fetchMembers,
      (row) => row.membership_id,
    ),
};
