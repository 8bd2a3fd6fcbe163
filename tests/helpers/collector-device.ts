import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';
import { useCollectorSession } from '../../src/features/collector/use-collector-session';
import { getDb } from '../../src/shared/db/db';
import type { CachedGoal, CachedSession } from '../../src/shared/db/types';
import { outbox } from '../../src/shared/outbox/outbox';

/**
 * A device with one session of the day stored (a discrete goal with one target, a frequency goal)
 * and the collector's screen hook mounted on it, offline: every send fails at the network, so
 * operations stay in the outbox. The collector's hook tests share it.
 */
export const USER = '0190f5a2-7c1e-7000-8000-000000000001';
export const ORG = '0190f5a2-7c1e-7000-8000-0000000000f1';
export const S = '0190f5a2-7c1e-7000-8000-000000000101';
export const GOAL = '0190f5a2-7c1e-7000-8000-000000000201';
export const FREQ = '0190f5a2-7c1e-7000-8000-000000000202';
export const SUB = '0190f5a2-7c1e-7000-8000-000000000301';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export type CollectorHook = ReturnType<typeof useCollectorSession>;

/** No network for the file's tests; mounted screens are unmounted after each test. */
export function useOfflineDevice() {
  const roots: Root[] = [];
  beforeAll(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
  });
  afterAll(() => vi.unstubAllGlobals());
  afterEach(async () => {
    await act(async () => roots.splice(0).forEach((r) => r.unmount()));
  });

  /** Mounts one collector screen on the session; `current()` is its latest render. */
  async function mountScreen(): Promise<{ current: () => CollectorHook; unmount: () => void }> {
    let hook: CollectorHook | undefined;
    function Probe() {
      hook = useCollectorSession(USER, S);
      return null;
    }
    const root = createRoot(document.createElement('div'));
    roots.push(root);
    await act(async () => root.render(createElement(Probe)));
    for (let i = 0; i < 50 && hook?.status !== 'ready'; i++) {
      await act(() => new Promise((r) => setTimeout(r, 10)));
    }
    expect(hook?.status).toBe('ready');
    return { current: () => hook!, unmount: () => root.unmount() };
  }

  return { mountScreen };
}

/** Clears the device and stores the session (scheduled or already in progress) and its two goals. */
export async function storeSessionOnDevice(status: 'scheduled' | 'in_progress') {
  const db = getDb();
  await Promise.all(db.tables.map((t) => t.clear()));
  await outbox.start(USER);
  const now = new Date().toISOString();
  const started = status === 'in_progress';
  const session = {
    id: S,
    organization_id: ORG,
    therapist_id: USER,
    therapist_name: 'J',
    student: { id: 'st', first_name: 'Leo', last_name: 'T' },
    department: null,
    start_at: now,
    end_at: new Date(Date.now() + 2_700_000).toISOString(),
    status,
    started_at: started ? now : null,
    ended_at: null,
    client_ended_at: null,
    note: '',
    overtime_reason: '',
    userId: USER,
    organizationId: ORG,
    startAt: now,
    localStatus: status,
    cachedAt: '',
  } satisfies CachedSession;
  const base = {
    description: '',
    planned_trials: 10,
    prompt_hierarchy: ['verbal'],
    student_id: 'st',
    department_id: 'd',
    studentId: 'st',
    userId: USER,
  };
  await db.sessions.put(session);
  await db.goals.bulkPut([
    {
      ...base,
      key: `${USER}/${GOAL}`,
      goal_id: GOAL,
      title: 'Imitates',
      measurement: 'discrete',
      sub_goals: [{ id: SUB, title: 'clap', position: 0 }],
    },
    { ...base, key: `${USER}/${FREQ}`, goal_id: FREQ, title: 'Greets', measurement: 'frequency', sub_goals: [] },
  ] as CachedGoal[]);
}
