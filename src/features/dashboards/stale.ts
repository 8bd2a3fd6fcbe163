import type { QueryClient } from '@tanstack/react-query';
import type { Delivered } from '../../shared/outbox/delivered';
import type { OpKind } from '../../shared/outbox/types';
import { dashboardQueries } from './queries';

/**
 * The collector's operations that change what a dashboard shows: a session ended (done, cancelled,
 * no-show) and a workspace usage opened or closed (its hours and the open/closed figure). Points
 * are left out: they arrive in bursts all session long, and the dashboard's stale time covers them.
 */
const CHANGES_DASHBOARDS: ReadonlySet<OpKind> = new Set<OpKind>(['session.end', 'workspace.open', 'workspace.close']);

/**
 * Marks an organization's dashboards stale once the server confirmed one of those operations, not
 * when the collector queued it: queued offline, the server does not know it yet, and a refetch
 * then would show the old figures as fresh. Shown dashboards refetch at once, others when next shown.
 */
export function markDashboardsStale(queryClient: QueryClient, delivered: readonly Delivered[]): Promise<void> {
  const organizations = new Set(delivered.filter((d) => CHANGES_DASHBOARDS.has(d.kind)).map((d) => d.organizationId));
  return Promise.all(
    [...organizations].map((organizationId) => queryClient.invalidateQueries({ queryKey: dashboardQueries.all(organizationId) })),
  ).then(() => undefined);
}
