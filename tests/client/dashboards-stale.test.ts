/**
 * The workspace dashboard is marked stale when the server confirmed a session end or a workspace
 * close queued by the collector, not when the collector queued it (a refetch before delivery would
 * show the old figures as fresh). Runs the collector's real actions through the page's outbox on
 * fake IndexedDB, with the network stubbed.
 */
import { QueryClient } from '@tanstack/react-query';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeWorkspace, endSession } from '../../src/features/collector/session-actions';
import { dashboardQueries } from '../../src/features/dashboards/queries';
import { markDashboardsStale } from '../../src/features/dashboards/stale';
import type { CachedSession } from '../../src/shared/db/types';
import { CHANNEL, outbox } from '../../src/shared/outbox/outbox';

const USER = '0190f5a2-7c1e-7000-8000-00000000000a';
const ORG = '0190f5a2-7c1e-7000-8000-00000000000b';
const OTHER_ORG = '0190f5a2-7c1e-7000-8000-00000000000c';
const MEMBER = '0190f5a2-7c1e-7000-8000-00000000000d';
const USAGE = '0190f5a2-7c1e-7000-8000-00000000000e';
const SESSION = '0190f5a2-7c1e-7000-8000-00000000000f';

const session: CachedSession = {
  id: SESSION,
  organization_id: ORG,
  therapist_id: MEMBER,
  therapist_name: 'Jordan Reyes',
  student: { id: '0190f5a2-7c1e-7000-8000-000000000010', first_name: 'Ava', last_name: 'Lee' },
  department: null,
  start_at: '2031-03-03T09:00:00.000Z',
  end_at: '2031-03-03T09:30:00.000Z',
  status: 'in_progress',
  started_at: '2031-03-03T09:00:00.000Z',
  ended_at: null,
  client_ended_at: null,
  note: '',
  overtime_reason: '',
  userId: USER,
  organizationId: ORG,
  startAt: '2031-03-03T09:00:00.000Z',
  localStatus: 'in_progress',
  cachedAt: '2031-03-03T09:00:00.000Z',
};

/** What the API answers to each call the outbox sends; null: the network is down. */
let isOnline = false;
function answerFor(url: string, body: Record<string, unknown>): unknown {
  if (url.includes('/workspace/close/')) {
    return { id: USAGE, membership_id: MEMBER, opened_at: '2031-03-03T08:00:00.000Z', closed_at: body.client_now, notes: body.notes };
  }
  return { ...session, status: body.action, ended_at: body.client_now, client_ended_at: body.client_now, note: body.note };
}
const fetchStub = vi.fn(async (url: string, init: RequestInit) => {
  if (!isOnline) {
    throw new TypeError('Failed to fetch');
  }
  const key = (init.headers as Record<string, string>)['Idempotency-Key'] ?? '';
  const body = JSON.parse(String(init.body)) as Record<string, unknown>;
  return new Response(JSON.stringify(answerFor(url, body)), {
    status: 200,
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
  });
});

const queryClient = new QueryClient();
const dashboardKey = (organizationId: string) => dashboardQueries.member(organizationId, MEMBER).queryKey;
const isStale = (organizationId: string) => queryClient.getQueryState(dashboardKey(organizationId))?.isInvalidated ?? false;
/** A dashboard freshly fetched: in the cache and not marked stale. */
function fetchedDashboards() {
  for (const organizationId of [ORG, OTHER_ORG]) {
    queryClient.setQueryData(dashboardKey(organizationId), {} as never);
    expect(isStale(organizationId)).toBe(false);
  }
}

/** Offline: the action is queued and tried, nothing is marked; back online: delivered, then marked. */
async function expectStaleOnlyAfterDelivery(act: () => Promise<unknown>) {
  isOnline = false;
  fetchStub.mockClear();
  fetchedDashboards();
  await act();
  await vi.waitFor(() => expect(fetchStub).toHaveBeenCalled(), { timeout: 3_000 });
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(isStale(ORG)).toBe(false);
  isOnline = true;
  window.dispatchEvent(new Event('online'));
  await vi.waitFor(() => expect(isStale(ORG)).toBe(true), { timeout: 3_000 });
  expect(await outbox.hasUnsent()).toBe(false);
  expect(isStale(OTHER_ORG)).toBe(false);
}

describe('the workspace dashboard goes stale when the collector’s change is delivered', () => {
  let stopListening: () => void = () => undefined;
  beforeAll(async () => {
    vi.stubGlobal('fetch', fetchStub);
    await outbox.start(USER);
    stopListening = outbox.onDelivered((delivered) => void markDashboardsStale(queryClient, delivered));
  });
  afterAll(() => {
    stopListening();
    vi.unstubAllGlobals();
  });

  it('closing a workspace usage marks the dashboard stale once the server confirmed the close', async () => {
    await expectStaleOnlyAfterDelivery(() => closeWorkspace(ORG, USAGE, 'Done for today'));
  });

  it('ending a session marks the dashboard stale once the server confirmed the end', async () => {
    await expectStaleOnlyAfterDelivery(() => endSession(session, 'completed', '', ''));
  });

  it('marks it stale when the service worker (or another tab) tells what it delivered', async () => {
    fetchedDashboards();
    const worker = new BroadcastChannel(CHANNEL);
    worker.postMessage({ type: 'delivered', delivered: [{ kind: 'session.end', organizationId: ORG }] });
    worker.close();
    await vi.waitFor(() => expect(isStale(ORG)).toBe(true), { timeout: 3_000 });
    expect(isStale(OTHER_ORG)).toBe(false);
  });

  it('leaves the dashboards alone for delivered points, which arrive all session long', async () => {
    fetchedDashboards();
    await markDashboardsStale(queryClient, [{ kind: 'points.upsert', organizationId: ORG }]);
    expect(isStale(ORG)).toBe(false);
    await markDashboardsStale(queryClient, [{ kind: 'workspace.open', organizationId: ORG }]);
    expect(isStale(ORG)).toBe(true);
  });
});
