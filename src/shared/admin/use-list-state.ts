import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isNarrowedFrom, knownOrdering, readListAddress, writeListAddress, type ListAddress, type ListDefaults } from './list-address';

export { PAGE_SIZES } from './list-address';

export interface ListState<F extends Record<string, string>, O extends string = string> extends ListAddress<F, O> {
  /** What the search box shows; `search` is what was asked of the server (300 ms after the last keystroke). */
  searchText: string;
}

export interface ListOptions<F extends Record<string, string>, O extends string> extends ListDefaults<F, O> {
  /**
   * Keep the state in the address's query, so Back, a reload and a shared link find the same
   * page, order, filters and search. A screen's main list does; a list inside a detail page
   * names a prefix ("team_") or stays out of the address, so two lists never share a parameter.
   */
  address?: { prefix: string };
}

type Store<F extends Record<string, string>, O extends string> = [ListAddress<F, O>, (next: ListAddress<F, O>) => void];

/** The state in the address. Every change replaces the entry: paging and sorting add no Back steps of their own. */
function useAddressStore<F extends Record<string, string>, O extends string>(options: ListOptions<F, O>): Store<F, O> {
  const [params, setParams] = useSearchParams();
  const defaults = useRef(options).current;
  const prefix = defaults.address?.prefix ?? '';
  const query = params.toString();
  // Read once per address, so the state (and the effects that watch it) changes only when the address does.
  const state = useMemo(() => readListAddress(new URLSearchParams(query), defaults, prefix), [query, defaults, prefix]);
  const write = (next: ListAddress<F, O>) =>
    setParams((current) => writeListAddress(current, next, defaults, prefix), { replace: true, preventScrollReset: true });
  return [state, write];
}

function useMemoryStore<F extends Record<string, string>, O extends string>(options: ListOptions<F, O>): Store<F, O> {
  return useState<ListAddress<F, O>>(() => ({
    page: 1,
    pageSize: options.pageSize ?? 20,
    search: '',
    ordering: options.ordering,
    filters: options.filters,
  }));
}

/**
 * An admin list's state: page, page size, search (sent 300 ms after the last keystroke), ordering
 * (one of the list call's orderings) and filters. Changing anything but the page goes back to
 * page 1 (page 4 of another filter is rarely what anyone means).
 */
export function useListState<F extends Record<string, string>, O extends string = string>(options: ListOptions<F, O>) {
  const inAddress = useRef(options.address !== undefined).current;
  const fromAddress = useAddressStore(options);
  const fromMemory = useMemoryStore(options);
  const [state, write] = inAddress ? fromAddress : fromMemory;
  const [searchText, setSearchText] = useState(state.search);
  const latest = useRef(state);
  latest.current = state;

  // Back, or a link, brings another search: the box shows it.
  useEffect(() => setSearchText((text) => (text.trim() === state.search ? text : state.search)), [state.search]);
  // The timer needs only the text: the rest of the state is read when it fires.
  useEffect(() => {
    if (searchText.trim() === latest.current.search) {
      return;
    }
    const timer = setTimeout(() => write({ ...latest.current, search: searchText.trim(), page: 1 }), 300);
    return () => clearTimeout(timer);
  }, [searchText]);

  // Several changes in one event (a filter and the filters it clears) build on each other, not on the last render.
  const change = (patch: Partial<ListAddress<F, O>>) => {
    latest.current = { ...latest.current, page: 1, ...patch };
    write(latest.current);
  };
  return {
    state: { ...state, searchText } as ListState<F, O>,
    /** A search or a filter off its default: an empty page then means nothing matched. */
    isNarrowed: isNarrowedFrom(state, options),
    setPage: (page: number) => change({ page }),
    setPageSize: (pageSize: number) => change({ pageSize }),
    setSearchText,
    /** The table reports a column id; only the call's own orderings are taken. */
    setOrdering: (ordering: string) => change({ ordering: knownOrdering(options, ordering) }),
    setFilter: <K extends keyof F>(key: K, value: F[K]) => change({ filters: { ...latest.current.filters, [key]: value } }),
    /** The search and every filter back to none, in one step. */
    clearNarrowing: () => {
      setSearchText('');
      change({ search: '', filters: options.filters });
    },
  };
}
export type ListControls<F extends Record<string, string>, O extends string = string> = ReturnType<typeof useListState<F, O>>;
