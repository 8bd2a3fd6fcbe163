import { keepPreviousData, queryOptions, type QueryKey } from '@tanstack/react-query';
import type { Route } from '../../../contract/routes';
import { api, type InputAt, type ResponseAt } from '../api/client';

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

type RowOf<R extends Route> = ResponseAt<R> extends { results: (infer Row extends object)[] } ? Row : never;

/**
 * An admin list whose rows are named by another field than `id` (an invitation by its token, a member
 * by their membership): the list kit keys rows by `id`, so each row also carries that name as its `id`.
 */
export function keyedListQuery<R extends Route>(
  queryKey: QueryKey,
  route: R,
  input: InputAt<R>,
  errorText: string,
  rowId: (row: RowOf<R>) => string,
) {
  return queryOptions({
    queryKey,
    queryFn: async ({ signal }) => {
      const answer = (await api(route, input, { signal })) as ResponseAt<R> & { results: RowOf<R>[] };
      return { ...answer, results: answer.results.map((row) => ({ ...row, id: rowId(row) })) };
    },
    placeholderData: keepPreviousData,
    meta: { errorText, inlineError: true },
  });
}

/**
 * The root key and the list of one organization's admin list. Every query of the feature starts with
 * [feature, orgCode], so one change refreshes them all; the list asks for the screen's page and search,
 * with its ordering and filters in the call's own names (`query`).
 */
export function organizationList<const F extends string, R extends Route, P extends PageParams>(
  feature: F,
  route: R,
  errorText: string,
  query: (params: P) => Partial<NonNullable<InputAt<R>['query']>>,
) {
  const all = (orgCode: string) => [feature, orgCode] as const;
  const list = (orgCode: string, params: P) => {
    const input = { params: { orgCode }, query: { ...pageQuery(params), ...query(params) } };
    return listQuery([...all(orgCode), 'list', params], route, input as unknown as InputAt<R>, errorText);
  };
  return { all, list };
}
