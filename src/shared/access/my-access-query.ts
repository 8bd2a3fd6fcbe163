import { queryOptions } from '@tanstack/react-query';
import { roles } from '../../../contract/routes/roles';
import { api } from '../api/client';

/** Where one organization's my-access answer is kept: a change to roles marks it stale. */
export const myAccessKey = (organizationId: string | null) => ['organizations', organizationId, 'my-access'] as const;

/**
 * "What may I do here?" for one organization (the shell's active one, or the one a session panel shows),
 * asked once its code is known. A failure shows nothing: the organization list's rule stands in.
 */
export function myAccessQuery(organizationId: string | null, orgCode: string | undefined) {
  return queryOptions({
    queryKey: myAccessKey(organizationId),
    queryFn: ({ signal }) => api(roles.myAccess, { params: { orgCode: orgCode ?? '' } }, { signal }),
    enabled: orgCode !== undefined,
    staleTime: 60_000,
    meta: { inlineError: true },
  });
}
