import { LIMITS } from '../../../contract/limits';

export const PAGE_SIZES = [10, 20, 50, 100] as const;

/** What a list asks the server for: the page, its size, the search, the order and the filters. */
export interface ListAddress<F extends Record<string, string>, O extends string> {
  page: number;
  pageSize: number;
  search: string;
  ordering: O;
  filters: F;
}

/** A list's starting point, and what its address may hold (the contract's orderings, each filter's values). */
export interface ListDefaults<F extends Record<string, string>, O extends string> {
  ordering: O;
  /**
   * The list call's ordering enum (its `.options`): an address or a column naming another order
   * gets the default. Left out (a list the address does not hold), any order is passed on.
   */
  orderings?: readonly O[];
  filters: F;
  /** A filter's allowed values; an address with another value gets the filter's default. Unlisted: any text. */
  filterValues?: { [K in keyof F]?: readonly F[K][] };
  pageSize?: number;
}

/** The ordering asked for when the list knows it, else the default. */
export function knownOrdering<O extends string>(defaults: { ordering: O; orderings?: readonly O[] }, asked: string | null): O {
  if (asked === null) {
    return defaults.ordering;
  }
  return defaults.orderings ? (defaults.orderings.find((known) => known === asked) ?? defaults.ordering) : (asked as O);
}

/**
 * Whether the person narrowed the list: a search, or a filter moved off its default. A filter the
 * list starts with (open enrollments, not archived ones) is the list's own view, not a narrowing, so
 * an empty answer there is an empty list ("No enrollments yet"), not a search that found nothing.
 */
export function isNarrowedFrom<F extends Record<string, string>>(state: { search: string; filters: F }, defaults: { filters: F }): boolean {
  return (
    state.search !== '' ||
    (Object.keys(state.filters) as Array<keyof F>).some((name) => state.filters[name] !== (defaults.filters[name] ?? ''))
  );
}

/** Pages past this are typing mistakes in an address, not lists anyone has. */
const PAGE_MAX = 100_000;

const names = (prefix: string) => ({ page: `${prefix}page`, size: `${prefix}size`, search: `${prefix}q`, sort: `${prefix}sort` });

/**
 * A list's state read from the address's query (?page=2&size=50&q=speech&sort=-price&isActive=true),
 * every value checked: whatever an edited or old link holds, the list asks the server only what
 * its call takes, and falls back to the default for the rest.
 */
export function readListAddress<F extends Record<string, string>, O extends string>(
  params: URLSearchParams,
  defaults: ListDefaults<F, O>,
  prefix = '',
): ListAddress<F, O> {
  const key = names(prefix);
  const page = Number(params.get(key.page));
  const size = Number(params.get(key.size));
  const sort = params.get(key.sort);
  const filters = { ...defaults.filters };
  for (const name of Object.keys(defaults.filters) as Array<keyof F & string>) {
    const value = params.get(`${prefix}${name}`);
    const allowed = defaults.filterValues?.[name];
    if (value !== null && (!allowed || allowed.includes(value as F[typeof name]))) {
      filters[name] = value as F[typeof name];
    }
  }
  return {
    page: Number.isInteger(page) && page >= 1 && page <= PAGE_MAX ? page : 1,
    pageSize: PAGE_SIZES.includes(size as (typeof PAGE_SIZES)[number]) ? size : (defaults.pageSize ?? 20),
    search: (params.get(key.search) ?? '').trim().slice(0, LIMITS.nameMax),
    ordering: knownOrdering(defaults, sort),
    filters,
  };
}

/**
 * The address's query with a list's state written in; values at their default are left out, so a
 * fresh list keeps a clean address, and parameters that are not the list's (?show=parents) stay.
 */
export function writeListAddress<F extends Record<string, string>, O extends string>(
  params: URLSearchParams,
  state: ListAddress<F, O>,
  defaults: ListDefaults<F, O>,
  prefix = '',
): URLSearchParams {
  const next = new URLSearchParams(params);
  const key = names(prefix);
  const put = (name: string, value: string, fallback: string) => (value === fallback ? next.delete(name) : next.set(name, value));
  put(key.page, String(state.page), '1');
  put(key.size, String(state.pageSize), String(defaults.pageSize ?? 20));
  put(key.search, state.search, '');
  put(key.sort, state.ordering, defaults.ordering);
  for (const name of Object.keys(defaults.filters) as Array<keyof F & string>) {
    put(`${prefix}${name}`, state.filters[name] ?? '', defaults.filters[name] ?? '');
  }
  return next;
}
