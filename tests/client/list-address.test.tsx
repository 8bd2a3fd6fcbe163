import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SERVICE_ORDERINGS, type ServiceOrdering } from '../../contract/services';
import { isNarrowedFrom, readListAddress, writeListAddress, type ListDefaults } from '../../src/shared/admin/list-address';
import { useListState, type ListControls } from '../../src/shared/admin/use-list-state';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Filters = { isActive: '' | 'true' | 'false' };
const DEFAULTS: ListDefaults<Filters, ServiceOrdering> = {
  ordering: 'name',
  orderings: SERVICE_ORDERINGS,
  filters: { isActive: '' },
  filterValues: { isActive: ['', 'true', 'false'] },
};

describe('whether the person narrowed a list', () => {
  // Enrollments start on the open ones: that view is the list itself, so its empty page is "none yet".
  const OPEN_FIRST = { filters: { orgStatus: '', archived: 'false' } };

  it('is not narrowed at the defaults, even where a default filter holds a value', () => {
    expect(isNarrowedFrom({ search: '', filters: { orgStatus: '', archived: 'false' } }, OPEN_FIRST)).toBe(false);
    expect(isNarrowedFrom({ search: '', filters: { isActive: '' } }, DEFAULTS)).toBe(false);
  });

  it('is narrowed by a search or by any filter moved off its default, the empty choice included', () => {
    expect(isNarrowedFrom({ search: 'leo', filters: { orgStatus: '', archived: 'false' } }, OPEN_FIRST)).toBe(true);
    expect(isNarrowedFrom({ search: '', filters: { orgStatus: 'active', archived: 'false' } }, OPEN_FIRST)).toBe(true);
    expect(isNarrowedFrom({ search: '', filters: { orgStatus: '', archived: 'true' } }, OPEN_FIRST)).toBe(true);
    expect(isNarrowedFrom({ search: '', filters: { isActive: 'false' } }, DEFAULTS)).toBe(true);
  });
});

describe('list state in the address: reading and writing', () => {
  it('reads page, size, search, order and filter from the query', () => {
    const state = readListAddress(new URLSearchParams('page=3&size=50&q=speech&sort=-price&isActive=false'), DEFAULTS);
    expect(state).toEqual({ page: 3, pageSize: 50, search: 'speech', ordering: '-price', filters: { isActive: 'false' } });
  });

  it('falls back to the defaults for what the list call does not take', () => {
    const state = readListAddress(new URLSearchParams('page=-2&size=7&sort=password&isActive=maybe'), DEFAULTS);
    expect(state).toEqual({ page: 1, pageSize: 20, search: '', ordering: 'name', filters: { isActive: '' } });
    expect(readListAddress(new URLSearchParams('page=abc'), DEFAULTS).page).toBe(1);
    expect(readListAddress(new URLSearchParams(`q=${'x'.repeat(500)}`), DEFAULTS).search).toHaveLength(120);
  });

  it('writes only what differs from the defaults and keeps parameters that are not the list’s', () => {
    const base = new URLSearchParams('show=parents');
    const written = writeListAddress(
      base,
      { page: 2, pageSize: 20, search: '', ordering: '-price', filters: { isActive: 'true' } },
      DEFAULTS,
    );
    expect(Object.fromEntries(written)).toEqual({ show: 'parents', page: '2', sort: '-price', isActive: 'true' });
    const reset = writeListAddress(written, { page: 1, pageSize: 20, search: '', ordering: 'name', filters: { isActive: '' } }, DEFAULTS);
    expect(reset.toString()).toBe('show=parents');
  });

  it('keeps two lists of one page apart by prefix', () => {
    const both = writeListAddress(
      new URLSearchParams('page=4'),
      { page: 2, pageSize: 10, search: 'ana', ordering: 'name', filters: { isActive: '' } },
      DEFAULTS,
      'member_',
    );
    expect(Object.fromEntries(both)).toEqual({ page: '4', member_page: '2', member_size: '10', member_q: 'ana' });
    expect(readListAddress(both, DEFAULTS, 'member_').page).toBe(2);
    expect(readListAddress(both, DEFAULTS).page).toBe(4);
  });
});

describe('list state in the address: the hook', () => {
  let container: HTMLDivElement;
  let root: Root;
  let list: ListControls<Filters, ServiceOrdering>;
  let router: ReturnType<typeof createMemoryRouter>;

  function Services() {
    list = useListState<Filters, ServiceOrdering>({ ...DEFAULTS, address: { prefix: '' } });
    return null;
  }

  async function open(url: string) {
    router = createMemoryRouter(
      [
        { path: '/services', element: <Services /> },
        { path: '/services/:id', element: <p>detail</p> },
      ],
      {
        initialEntries: [url],
      },
    );
    await act(async () => root.render(<RouterProvider router={router} />));
  }

  beforeEach(() => {
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });
  afterEach(() => {
    act(() => root.unmount());
    container.remove();
    vi.useRealTimers();
  });

  it('restores a shared link’s page, order, filter and search on load', async () => {
    await open('/services?page=2&sort=-price&isActive=true&q=group');
    expect(list.state).toMatchObject({ page: 2, ordering: '-price', filters: { isActive: 'true' }, search: 'group', searchText: 'group' });
  });

  it('puts changes into the address, back to page 1 on a new filter or order', async () => {
    await open('/services');
    await act(async () => list.setPage(3));
    expect(router.state.location.search).toBe('?page=3');
    await act(async () => list.setFilter('isActive', 'false'));
    await act(async () => list.setOrdering('-price'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ isActive: 'false', sort: '-price' });
    await act(async () => list.setOrdering('not-an-order'));
    expect(list.state.ordering).toBe('name');
  });

  it('replaces the entry while the search is typed, and finds the same list after Back', async () => {
    vi.useFakeTimers();
    await open('/services?page=2');
    await act(async () => list.setSearchText('spe'));
    await act(async () => list.setSearchText('speech'));
    await act(async () => vi.advanceTimersByTime(300));
    expect(router.state.location.search).toBe('?q=speech');
    expect(router.state.historyAction).toBe('REPLACE');
    await act(async () => router.navigate('/services/1'));
    await act(async () => router.navigate(-1));
    expect(router.state.location.search).toBe('?q=speech');
    expect(list.state).toMatchObject({ search: 'speech', searchText: 'speech', page: 1 });
  });

  it('applies several changes made in one event on top of each other', async () => {
    await open('/services');
    await act(async () => {
      list.setFilter('isActive', 'true');
      list.setOrdering('-price');
    });
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ isActive: 'true', sort: '-price' });
  });

  it('clears the search and every filter in one step', async () => {
    await open('/services?q=group&isActive=true&sort=-price');
    await act(async () => list.clearNarrowing());
    expect(router.state.location.search).toBe('?sort=-price');
    expect(list.state.searchText).toBe('');
  });
});
