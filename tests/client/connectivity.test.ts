import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryObserver, onlineManager } from '@tanstack/react-query';
import { Connectivity } from '../../src/shared/offline/connectivity';
import { followConnectivity } from '../../src/app/query-client';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

function browser() {
  const target = new EventTarget();
  return { target, fire: (type: 'online' | 'offline') => target.dispatchEvent(new Event(type)) };
}

describe('connectivity', () => {
  it('starts from what the browser believes, so a reload without a network starts offline', () => {
    expect(new Connectivity({ browserOnline: () => false, probe: async () => true }).online).toBe(false);
    expect(new Connectivity({ browserOnline: () => true, probe: async () => true }).online).toBe(true);
  });

  it("believes the browser's 'offline' at once and checks its 'online' with the server", async () => {
    const probe = vi.fn(async () => true);
    const connectivity = new Connectivity({ browserOnline: () => true, probe });
    const { target, fire } = browser();
    connectivity.watchBrowser(target);
    const seen: boolean[] = [];
    connectivity.subscribe((isOnline) => seen.push(isOnline));

    fire('offline');
    expect(connectivity.online).toBe(false);
    fire('online');
    await vi.waitFor(() => expect(connectivity.online).toBe(true));
    expect(probe).toHaveBeenCalledTimes(1);
    expect(seen).toEqual([false, true]);
  });

  it("stays offline when the browser says 'online' but the server does not answer", async () => {
    const connectivity = new Connectivity({ browserOnline: () => true, probe: async () => false });
    const { target, fire } = browser();
    connectivity.watchBrowser(target);
    fire('offline');
    fire('online');
    await vi.advanceTimersByTimeAsync(0);
    expect(connectivity.online).toBe(false);
  });

  it('after a failed call, asks the server again until it answers, with no event from the browser', async () => {
    let isServerUp = false;
    const probe = vi.fn(async () => isServerUp);
    const connectivity = new Connectivity({ browserOnline: () => true, probe });
    connectivity.watchBrowser(new EventTarget());

    connectivity.markUnreachable();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(probe).toHaveBeenCalledTimes(1);
    expect(connectivity.online).toBe(false);

    isServerUp = true;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(connectivity.online).toBe(true);
    const calls = probe.mock.calls.length;
    await vi.advanceTimersByTimeAsync(120_000);
    expect(probe).toHaveBeenCalledTimes(calls); // reachable: no more asking
  });

  it('does not ask the server while the browser knows it has no network', async () => {
    const probe = vi.fn(async () => true);
    const connectivity = new Connectivity({ browserOnline: () => false, probe });
    connectivity.watchBrowser(new EventTarget());
    await vi.advanceTimersByTimeAsync(120_000);
    expect(probe).not.toHaveBeenCalled();
    expect(connectivity.online).toBe(false);
  });

  it('an answer of the API marks the server reachable and stops the probes', async () => {
    const probe = vi.fn(async () => false);
    const connectivity = new Connectivity({ browserOnline: () => true, probe });
    connectivity.watchBrowser(new EventTarget());
    connectivity.markUnreachable();
    connectivity.markReachable();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(probe).not.toHaveBeenCalled();
    expect(connectivity.online).toBe(true);
  });
});

describe('the query cache follows connectivity', () => {
  it('a query that failed while offline is fetched again by itself when the server is back', async () => {
    vi.useRealTimers();
    const connectivity = new Connectivity({ browserOnline: () => false, probe: async () => true });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, networkMode: 'always', staleTime: 30_000 } } });
    client.mount();
    const stop = followConnectivity(client, connectivity);
    expect(onlineManager.isOnline()).toBe(false);

    let isServerUp = false;
    const queryFn = vi.fn(async () => {
      if (!isServerUp) {
        throw new TypeError('Failed to fetch');
      }
      return ['Harbor Therapy Clinic'];
    });
    const observer = new QueryObserver(client, { queryKey: ['organizations', 'list'], queryFn });
    const results: string[] = [];
    const unsubscribe = observer.subscribe((result) => results.push(result.status));
    await vi.waitFor(() => expect(observer.getCurrentResult().status).toBe('error'));

    isServerUp = true;
    connectivity.markReachable();
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual(['Harbor Therapy Clinic']));
    expect(onlineManager.isOnline()).toBe(true);
    expect(queryFn).toHaveBeenCalledTimes(2);

    unsubscribe();
    stop();
    client.unmount();
  });

  it('a failed refetch of recent data is tried again on reconnect too', async () => {
    vi.useRealTimers();
    const connectivity = new Connectivity({ browserOnline: () => true, probe: async () => true });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, networkMode: 'always', staleTime: 60_000 } } });
    client.mount();
    const stop = followConnectivity(client, connectivity);
    let answers = 0;
    let isServerUp = true;
    const observer = new QueryObserver(client, {
      queryKey: ['my-access'],
      queryFn: async () => {
        if (!isServerUp) {
          throw new TypeError('Failed to fetch');
        }
        return ++answers;
      },
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe(1));

    isServerUp = false;
    await observer.refetch();
    connectivity.markUnreachable();
    expect(observer.getCurrentResult().status).toBe('error');

    isServerUp = true;
    connectivity.markReachable();
    await vi.waitFor(() => expect(observer.getCurrentResult().status).toBe('success'));
    expect(observer.getCurrentResult().data).toBe(2);

    unsubscribe();
    stop();
    client.unmount();
  });
});
