import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCollectorSession } from '../../src/features/collector/use-collector-session';
import { currentTrial } from '../../src/features/collector/collector-state';
import { getDb } from '../../src/shared/db/db';
import { outbox } from '../../src/shared/outbox/outbox';
import type { CachedGoal, CachedSession } from '../../src/shared/db/types';

const USER = '0190f5a2-7c1e-7000-8000-000000000001';
const ORG = '0190f5a2-7c1e-7000-8000-0000000000f1';
const S = '0190f5a2-7c1e-7000-8000-000000000101';
const GOAL = '0190f5a2-7c1e-7000-8000-000000000201';
const FREQ = '0190f5a2-7c1e-7000-8000-000000000202';
const SUB = '0190f5a2-7c1e-7000-8000-000000000301';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Hook = ReturnType<typeof useCollectorSession>;
let hook: Hook;
let root: Root;
function Probe() {
  hook = useCollectorSession(USER, S);
  return null;
}
async function mount() {
  const el = document.createElement('div');
  root = createRoot(el);
  await act(async () => root.render(createElement(Probe)));
  for (let i = 0; i < 20 && hook.status !== 'ready'; i++) {
    await act(() => new Promise((r) => setTimeout(r, 10)));
  }
}

beforeAll(() => {
  // Offline: every send fails at the network, so operations stay in the outbox.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }),
  );
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
});
afterAll(() => vi.unstubAllGlobals());

beforeEach(async () => {
  const db = getDb();
  await Promise.all(db.tables.map((t) => t.clear()));
  await outbox.start(USER);
  const session = {
    id: S,
    organization_id: ORG,
    therapist_id: USER,
    therapist_name: 'J',
    student: { id: 'st', first_name: 'Leo', last_name: 'T' },
    department: null,
    start_at: new Date().toISOString(),
    end_at: new Date(Date.now() + 2_700_000).toISOString(),
    status: 'scheduled',
    started_at: null,
    ended_at: null,
    client_ended_at: null,
    note: '',
    overtime_reason: '',
    userId: USER,
    organizationId: ORG,
    startAt: new Date().toISOString(),
    localStatus: 'scheduled',
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
  await mount();
});

const trialNo = () => currentTrial(hook.state!, GOAL, SUB).trialNo;

describe('collector taps', () => {
  it('scores fast taps on consecutive trials, each saved before it is shown', async () => {
    await act(async () => {
      await hook.handlers.start(true);
      // Three taps without waiting: the queue scores trials 1, 2, 3, never one trial twice.
      await Promise.all([
        hook.handlers.score(GOAL, SUB, 'correct'),
        hook.handlers.score(GOAL, SUB, 'incorrect'),
        hook.handlers.score(GOAL, SUB, 'prompted', 'verbal'),
      ]);
    });
    expect(trialNo()).toBe(4);
    expect(hook.saved?.text).toBe('Prompted (verbal) for clap, trial 3');
    const stored = await getDb().points.where('sessionId').equals(S).sortBy('trialNo');
    expect(stored.map((p) => [p.trialNo, p.outcome, p.promptLevel])).toEqual([
      [1, 'correct', null],
      [2, 'incorrect', null],
      [3, 'prompted', 'verbal'],
    ]);
    const kinds = (await getDb().outbox.toArray()).map((o) => o.kind);
    expect(kinds).toEqual(['session.start', 'points.upsert', 'points.upsert', 'points.upsert']);
  });

  it('undo deletes the last point and rewinds its trial; a reload shows the same', async () => {
    await act(async () => {
      await hook.handlers.start(true);
      await hook.handlers.score(GOAL, SUB, 'correct');
      await hook.handlers.score(GOAL, SUB, 'correct');
      await hook.handlers.count(FREQ, null, 1);
      await hook.handlers.undo();
      await hook.handlers.undo();
    });
    expect(trialNo()).toBe(2);
    expect(hook.state?.undo).toHaveLength(1);
    await act(async () => root.unmount());
    await mount();
    expect(trialNo()).toBe(2);
    const freq = hook.state!.byTarget[`${S}/${FREQ}/-`]?.[0];
    expect(freq?.count).toBe(0);
    expect((await getDb().outbox.toArray()).map((o) => o.kind)).toContain('points.delete');
  });

  it('corrects an earlier point and keeps it marked as corrected', async () => {
    await act(async () => {
      await hook.handlers.start(false);
      await hook.handlers.score(GOAL, SUB, 'no_response');
    });
    const first = hook.state!.byTarget[`${S}/${GOAL}/${SUB}`]![0]!;
    await act(async () => {
      await hook.handlers.fixPoint(first, { outcome: 'prompted', promptLevel: 'verbal' });
    });
    const fixed = hook.state!.byTarget[`${S}/${GOAL}/${SUB}`]![0]!;
    expect(fixed).toMatchObject({ outcome: 'prompted', promptLevel: 'verbal', corrected: true, trialNo: 1 });
    const op = (await getDb().outbox.toArray()).find((o) => o.kind === 'point.correct');
    expect(op?.params).toEqual({ id: first.id });
  });

  it('ends the session with trimmed notes and the tap time', async () => {
    await act(async () => {
      await hook.handlers.start(true);
      await hook.handlers.end('completed', '  went well  ', ' ran late ');
    });
    expect(hook.state?.session.localStatus).toBe('completed');
    const end = (await getDb().outbox.toArray()).find((o) => o.kind === 'session.end');
    expect(end?.body).toMatchObject({ action: 'completed', note: 'went well', overtime_reason: 'ran late' });
    expect(typeof end?.body.client_now).toBe('string');
  });
});
