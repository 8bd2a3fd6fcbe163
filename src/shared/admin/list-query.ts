import { keepPreviousData, queryOptions, type QueryKey } from '@tanstack/react-query';
import type { Route } from '../../../contract/routes';
import { api, type InputAt, type ResponseAt } from '../api/client';
import type { ErrorFallback } from '../api/error-text';

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
export function listQuery<R extends Route>(queryKey: QueryKey, route: R, input: InputAt<R>, errorText: ErrorFallback) {
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
  errorText: ErrorFallback,
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

type QueryAt<R extends Route> = NonNullable<InputAt<R>['query']>;
type ParamsAt<R extends Route> = NonNullable<InputAt<R>['params']>;
/** A wire name as code spells it (`is_active` → `isActive`), the project's one naming rule. */
type Camel<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<Camel<Tail>>}` : S;
type FilterName<R extends Route> = Camel<Exclude<keyof QueryAt<R> & string, 'page' | 'page_size' | 'search' | 'ordering'>>;

/**
 * A state of a list as a screen holds it (the list kit's address, or a picker's fixed choice): the
 * page, its size, the search, the ordering the call knows and its filters, each under the code name
 * of one of the call's query fields (`isActive` for `is_active`).
 */
export interface ListState<R extends Route> {
  page: number;
  pageSize: number;
  search?: string;
  ordering?: QueryAt<R> extends { ordering?: infer O } ? O : never;
  filters?: { [K in FilterName<R>]?: string };
}

const wireName = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** The list call's query for a state: the state's names in the call's own, an empty search or filter left out. */
export function listCallQuery<R extends Route>(state: ListState<R>): QueryAt<R> {
  const filters = Object.entries(state.filters ?? {}).filter(([, value]) => value !== undefined && value !== '');
  return {
    ...pageQuery({ page: state.page, pageSize: state.pageSize, search: state.search ?? '' }),
    ordering: state.ordering,
    ...Object.fromEntries(filters.map(([name, value]) => [wireName(name), value])),
  } as unknown as QueryAt<R>;
}

/**
 * The queries of one list call, made from the call itself: `(key, params, state)` answers the query
 * of that state of the list, held as `listQuery` holds every list (the previous page on screen while
 * the next loads, a failure inline with the call's text). A new list is asked through one.
 */
export function listCall<R extends Route>(route: R, errorText: ErrorFallback) {
  return (queryKey: QueryKey, params: ParamsAt<R>, state: ListState<R>) =>
    listQuery(queryKey, route, { params, query: listCallQuery(state) } as InputAt<R>, errorText);
}

/**
 * The root key and the list of one organization's admin list, declared in one line from its call.
 * Every query of the feature starts with [feature, orgCode], so one change refreshes them all; the
 * list asks for the screen's state of the list (`ListState`).
 */
export function organizationList<const F extends string, R extends Route>(feature: F, route: R, errorText: ErrorFallback) {
  const all = (orgCode: string) => [feature, orgCode] as const;
  const query = listCall(route, errorText);
  const list = (orgCode: string, state: ListState<R>) =>
    query([...all(orgCode), 'list', state], { orgCode } as unknown as ParamsAt<R>, state);
  return { all, list };
}
