import { eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** `next` and `previous` links of a page, relative to the request's own URL. */
export function pageLinks(url: string, page: number, pageSize: number, count: number) {
  const link = (p: number) => {
    const u = new URL(url, 'http://x');
    u.searchParams.set('page', String(p));
    u.searchParams.set('page_size', String(pageSize));
    return `${u.pathname}${u.search}`;
  };
  return {
    next: page * pageSize < count ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
  };
}

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** A page of a list held whole in memory (short lists: a user's own organizations, memberships); links keep only page and page_size. */
export function pageOf<T>(items: T[], path: string, page: number, pageSize: number): Page<T> {
  const start = (page - 1) * pageSize;
  return { count: items.length, ...pageLinks(path, page, pageSize, items.length), results: items.slice(start, start + pageSize) };
}

// ---- database-side pages (the admin lists: a page in a fixed number of queries, never one per row) ----

/** Which rows of a list a query reads. */
export interface Window {
  limit: number;
  offset: number;
}

/** A page as the call asks for it (1-based). */
export interface PageRequest {
  page: number;
  pageSize: number;
}

export const windowOf = ({ page, pageSize }: PageRequest): Window => ({ limit: pageSize, offset: (page - 1) * pageSize });

/** The text with ILIKE's pattern characters (`\`, `%`, `_`) escaped, so a search matches them literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `%text%` for ILIKE (the text escaped), or undefined for no search. */
export const containing = (search: string | undefined) => (search ? `%${escapeLike(search)}%` : undefined);

/**
 * The column a list's read selects as `total`: how many rows match its conditions, carried on each
 * row of the page, so the page and its count are one statement.
 */
export const listTotal = () => sql<number>`count(*) OVER ()::int`;

/**
 * The condition of a yes-or-no filter (the contract's `BooleanFilter`, a boolean once parsed) on its
 * column; none when the query left the filter out, so the list is not narrowed by it.
 */
export const booleanFilter = (column: PgColumn, value: boolean | undefined): SQL | undefined =>
  value === undefined ? undefined : eq(column, value);

/**
 * A page read with `count(*) OVER ()` as `total`: the total rides on every row. A page past the end
 * has no row to carry it, so the first row is read once more for the total (only then).
 */
export async function withTotal<T extends { total: number }>(read: (window: Window) => Promise<T[]>, request: PageRequest) {
  const window = windowOf(request);
  const rows = await read(window);
  if (rows.length > 0 || window.offset === 0) {
    return { count: rows[0]?.total ?? 0, rows };
  }
  const [first] = await read({ limit: 1, offset: 0 });
  return { count: first?.total ?? 0, rows };
}

/** The contract's page query (`page`, `page_size`) as a page request. */
export const pageRequestOf = (query: { page: number; page_size: number }): PageRequest => ({ page: query.page, pageSize: query.page_size });

/**
 * The answer of every paged list call: the count, the links relative to the call's own address,
 * and the rows presented as the contract declares them. Stats a list adds go beside it (`...`).
 */
export function pageAnswer<Row, Item>(
  url: string,
  query: { page: number; page_size: number },
  page: { count: number; rows: readonly Row[] },
  present: (row: Row) => Item,
): Page<Item> {
  return { count: page.count, ...pageLinks(url, query.page, query.page_size, page.count), results: page.rows.map(present) };
}

/**
 * A list call's answer in one step: its page read with the total (withTotal), each row presented.
 * `read` gets the page's window; the answer carries the links of `url`.
 */
export async function readPage<Row, Item>(
  url: string,
  query: { page: number; page_size: number },
  read: (window: Window) => Promise<(Row & { total: number })[]>,
  present: (row: Row) => Item,
): Promise<Page<Item>> {
  return pageAnswer(url, query, await withTotal(read, pageRequestOf(query)), present);
}

/** The counts a list of records that can be switched off answers beside its page (the contract's `ActiveCounts`). */
export const activeStats = (counts: { countAll: number; countActive: number; countInactive: number }) => ({
  count_all: counts.countAll,
  count_active: counts.countActive,
  count_inactive: counts.countInactive,
});
