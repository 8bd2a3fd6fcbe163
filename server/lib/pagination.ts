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
