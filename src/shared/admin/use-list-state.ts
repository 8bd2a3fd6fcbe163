import { useEffect, useState } from 'react';

export interface ListState<F extends Record<string, string>> {
  page: number;
  pageSize: number;
  /** What the search box shows; `search` below is what was asked of the server (debounced). */
  searchText: string;
  search: string;
  ordering: string;
  filters: F;
}

export const PAGE_SIZES = [10, 20, 50, 100] as const;

/**
 * An admin list's state: page, page size, search (sent 300 ms after the last keystroke), ordering
 * and filters. Changing anything but the page goes back to page 1 (page 4 of another filter is
 * rarely what anyone means).
 */
export function useListState<F extends Record<string, string>>(initial: { ordering: string; filters: F; pageSize?: number }) {
  const [state, setState] = useState<ListState<F>>({
    page: 1,
    pageSize: initial.pageSize ?? 20,
    searchText: '',
    search: '',
    ordering: initial.ordering,
    filters: initial.filters,
  });
  useEffect(() => {
    if (state.searchText.trim() === state.search) {
      return;
    }
    const timer = setTimeout(() => setState((s) => ({ ...s, search: s.searchText.trim(), page: 1 })), 300);
    return () => clearTimeout(timer);
  }, [state.searchText, state.search]);
  return {
    state,
    setPage: (page: number) => setState((s) => ({ ...s, page })),
    setPageSize: (pageSize: number) => setState((s) => ({ ...s, pageSize, page: 1 })),
    setSearchText: (searchText: string) => setState((s) => ({ ...s, searchText })),
    setOrdering: (ordering: string) => setState((s) => ({ ...s, ordering, page: 1 })),
    setFilter: <K extends keyof F>(key: K, value: F[K]) => setState((s) => ({ ...s, filters: { ...s.filters, [key]: value }, page: 1 })),
  };
}
export type ListControls<F extends Record<string, string>> = ReturnType<typeof useListState<F>>;
