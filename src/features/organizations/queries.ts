import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyOrganization } from '../../../contract/organizations';
import { organizations } from '../../../contract/routes/organizations';
import { api } from '../../shared/api/client';
import { useAuth } from '../../shared/auth/auth-store';
import { ORGANIZATIONS_ERROR_TEXT } from './error-text';

/** Query-key factory: everything about organizations starts with ['organizations']. */
export const organizationQueries = {
  all: ['organizations'] as const,
  list: () =>
    queryOptions({
      queryKey: [...organizationQueries.all, 'list'],
      queryFn: ({ signal }) => api(organizations.listOrganizations, undefined, { signal }),
      // The menu and the home page show this failure in place.
      meta: { errorText: ORGANIZATIONS_ERROR_TEXT.fetchOrganizations, inlineError: true },
    }),
  /** Keyed by organization: switching shows the other organization's settings, never stale ones. */
  settings: (organizationId: string | null) =>
    queryOptions({
      queryKey: [...organizationQueries.all, organizationId, 'settings'],
      queryFn: ({ signal }) => api(organizations.getOrganizationSettings, undefined, { signal }),
      enabled: organizationId !== null,
      meta: { errorText: ORGANIZATIONS_ERROR_TEXT.fetchSettings, inlineError: true },
    }),
  ownerProfile: () =>
    queryOptions({
      queryKey: [...organizationQueries.all, 'owner-profile'],
      queryFn: ({ signal }) => api(organizations.getOwnerProfile, undefined, { signal }),
      meta: { errorText: ORGANIZATIONS_ERROR_TEXT.fetchProfile, inlineError: true },
    }),
};

/** The user's organizations and the one active in the session. */
export function useOrganizations() {
  const { isLoggedIn, activeOrganizationId } = useAuth();
  const query = useQuery({ ...organizationQueries.list(), enabled: isLoggedIn });
  const organizations: MyOrganization[] = query.data?.results ?? [];
  const active = organizations.find((organization) => organization.id === activeOrganizationId);
  return { query, organizations, active, activeOrganizationId };
}
