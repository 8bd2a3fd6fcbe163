import { queryClient } from './query-client';

/**
 * The collector's ended sessions and workspace usages reach the dashboards here (features do not
 * import each other): once the server confirmed one, the organization's dashboards are marked stale.
 * Loaded with the outbox, after sign-in.
 */
export async function markDashboardsStaleOnDelivery(): Promise<() => void> {
  const [{ outbox }, { markDashboardsStale }] = await Promise.all([
    import('../shared/outbox/outbox'),
    import('../features/dashboards/stale'),
  ]);
  return outbox.onDelivered((delivered) => void markDashboardsStale(queryClient, delivered));
}
