import { queryClient } from './query-client';

/**
 * The collector's ended sessions and workspace usages reach the dashboards here (features do not
 * import each other): once the server confirmed one, the organization's dashboards are marked stale.
 * Subscribed with the outbox after sign-in; the dashboards' code loads with the first delivery, so
 * it never weighs on the collector's start-up.
 */
export async function markDashboardsStaleOnDelivery(): Promise<() => void> {
  const { outbox } = await import('../shared/outbox/outbox');
  return outbox.onDelivered((delivered) => {
    void import('../features/dashboards/stale').then((m) => m.markDashboardsStale(queryClient, delivered));
  });
}
