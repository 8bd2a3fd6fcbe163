import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { CallMeta } from './query-meta';

/**
 * When a change refreshes the reads it touched:
 * - 'success': a form's save. A refused save changed nothing, and the form stays open on its errors.
 * - 'settled': a row's action (delete, remove, assign). Refreshed whatever the answer: a bulk call may
 *   have done part of its work, and a row someone else removed already must leave the list all the same.
 */
export type RefreshAfter = 'success' | 'settled';

/**
 * A call that changes what screens show: once it answers (see RefreshAfter), every query under each of
 * `refresh` is marked stale, so whatever shows them reads them again. The mutation waits for that
 * refresh, so a form closes on the new data. Errors and success toasts go by `meta` (query-meta.ts).
 */
export function useRefreshingMutation<TVariables, TData>(
  refresh: readonly QueryKey[],
  after: RefreshAfter,
  mutationFn: (variables: TVariables) => Promise<TData>,
  meta: CallMeta,
) {
  const queryClient = useQueryClient();
  const invalidate = () => Promise.all(refresh.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  return useMutation({ mutationFn, meta, ...(after === 'success' ? { onSuccess: invalidate } : { onSettled: invalidate }) });
}
