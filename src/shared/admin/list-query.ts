import { keepPreviousData, queryOptions, type QueryKey } from '@tanstack/react-query';
import type { Route } from '../../../contract/routes';
import { api, type InputAt } from '../api/client';

/** One page of an admin list as the screen holds it: the page, its size and the (debounced) search. */
export interface PageParams {
  page: number;
  pageSize: number;
  search: string;
}

/** The same page in the API's query names; an empty search is left out rather than sent empty. */
export const pageQuery = ({ page, pageSize, search }: PageParams) => ({ page, page_size: pageSize, search: search || undefined });

/**
 * The query of one admin list or picker: the previous page stays on screen (dimmed) while the next
 * loads instead of a spinner, and a failure shows inline with the call's "Failed to fetch …" text.
 */
export function listQuery<R extends Route>(queryKey: QueryKey, route: R, input: InputAt<R>, errorText: string) {
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => api(route, input, { signal }),
    placeholderData: keepPreviousData,
    meta: { errorText, inlineError: true },
  });
}
