import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useOrganizations } from '../features/organizations/queries';
import { accessFrom, type MyAccess } from '../shared/access/my-access';
import { myAccessQuery } from '../shared/access/my-access-query';

/**
 * The active organization and what the user may do in it: the server's my-access answer (their
 * role's keys), kept per organization; until it is in, the organization list's rule
 * (src/shared/access/my-access.ts). Offline the question waits (the collector never needs it).
 */
export function useMyAccess(): { access: MyAccess; organization: ReturnType<typeof useOrganizations>['active']; isPending: boolean } {
  const { active, query } = useOrganizations();
  const answer = useQuery(myAccessQuery(active?.id ?? null, active?.code));
  const access = useMemo(() => accessFrom(active, answer.data), [active, answer.data]);
  return { access, organization: active, isPending: query.isPending };
}
