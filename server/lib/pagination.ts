/** `next` and `previous` links of a page (design.md lists), relative to the request's own URL. */
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
