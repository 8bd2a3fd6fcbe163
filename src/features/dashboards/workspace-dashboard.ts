import { useQuery } from '@tanstack/react-query';
import { dashboardQueries } from './queries';

/**
 * A member's workspace dashboard as the product names it: the figures (`data`), when they were
 * fetched (`lastFetchedAt`) and whether they are stale (`isStale`: marked so when the server
 * confirmed a session end or a workspace usage change (stale.ts), or older than the cache's stale
 * time). The query cache keeps all three; this names them, with the query beside for its states.
 */
export function useWorkspaceDashboard(organizationId: string, membershipId: string, weekOf?: string) {
  const query = useQuery(dashboardQueries.member(organizationId, membershipId, weekOf));
  return {
    query,
    data: query.data,
    lastFetchedAt: query.dataUpdatedAt > 0 ? new Date(query.dataUpdatedAt) : null,
    isStale: query.isStale,
  };
}
