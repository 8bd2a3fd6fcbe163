import { queryOptions, type QueryKey } from '@tanstack/react-query';
import type { Route } from '../../../contract/routes';
import { api, type InputAt } from './client';
import type { ErrorFallback } from './error-text';

/**
 * The query of one call: it reads the route (cancelled once nothing needs the answer), and a failure
 * shows where the answer would have, in the call's fallback text, rather than as a toast.
 */
export function callQuery<R extends Route>(queryKey: QueryKey, route: R, input: InputAt<R> | undefined, errorText: ErrorFallback) {
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => api(route, input, { signal }),
    meta: { errorText, inlineError: true },
  });
}
