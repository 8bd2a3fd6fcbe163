/**
 * What the sync indicator makes of the server's answers when the office changed a session the
 * therapist started offline: a start the server took (it overtook the cancel) or one that met a
 * session that already ran is settled, so the indicator goes back to "All sent"; only new points on
 * a session called off before it ran wait in needs attention, with the server's sentence.
 */
import 'fake-indexeddb/auto';
import { expect, it, vi } from 'vitest';
import { TheraDb } from '../../src/shared/db/db';
import { commitWithOp } from '../../src/shared/outbox/commit';
import { drain } from '../../src/shared/outbox/drain';
import type { DrainDeps } from '../../src/shared/outbox/drain-state';
import { readStatus } from '../../src/shared/outbox/outbox-status';
import type { OutboxRequest } from '../../src/shared/outbox/transport';
import type { OpKind, OutboxOp } from '../../src/shared/outbox/types';
import { syncStateOf } from '../../src/features/collector/sync-state';
import { acknowledged, apiAnswer, loadCall } from './outbox-api-answer';

const ORG = '00000000-0000-4000-8000-0000000000aa';
const SESSION = '11111111-1111-4111-8111-111111111111';
const GOAL = '33333333-3333-4333-8333-333333333333';
const TAP = '2026-12-01T15:02:00.000Z';
let ids = 0;

function op(kind: OpKind, body: Record<string, unknown>): OutboxOp {
  return {
    id: `op-${ids++}-aaaaaaaa`,
    userId: 'u',
    organizationId: ORG,
    lane: `session:${SESSION}`,
    kind,
    params: { id: SESSION },
    body,
    coalesceKey: null,
    state: 'pending',
    batchId: null,
    leaseUntil: 0,
    attempts: 0,
    nextAttemptAt: 0,
    createdAt: 0,
    lastError: null,
  };
}
const start = () => op('session.start', { shift_to_now: true, client_now: TAP });
const point = (trial: number) =>
  op('points.upsert', {
    id: `44444444-4444-4444-8444-${String(trial).padStart(12, '0')}`,
    goal_id: GOAL,
    sub_goal_id: null,
    trial_no: trial,
    kind: 'trial',
    outcome: 'correct',
  });

/** The start's answer when it overtook the office's cancel: the session runs, the cancel is named. */
const overtakingStart = {
  id: SESSION,
  organization_id: ORG,
  therapist_id: '55555555-5555-4555-8555-555555555555',
  therapist_name: 'Dana Park',
  student: { id: '66666666-6666-4666-8666-666666666666', first_name: 'Sam', last_name: 'Lee' },
  department: null,
  start_at: TAP,
  end_at: '2026-12-01T15:47:00.000Z',
  planned_start_at: '2026-12-01T15:00:00.000Z',
  status: 'in_progress',
  started_at: TAP,
  ended_at: null,
  client_ended_at: null,
  note: '',
  overtime_reason: '',
  change_reason: 'child is sick',
  overtaken_change: 'called_off',
};

async function run(answer: (r: OutboxRequest) => ReturnType<typeof apiAnswer>, ...ops: OutboxOp[]) {
  const db = new TheraDb(`office-changes-${ids++}`);
  await db.open();
  for (const o of ops) {
    await commitWithOp(db.backendDB(), [], o);
  }
  const deps: DrainDeps = {
    db,
    send: async (r) => answer(r),
    loadCall: vi.fn(loadCall),
    now: () => 1_000,
    newId: () => `batch-${ids++}-aaaaaaaa`,
    userId: 'u',
    exclusive: true,
    random: () => 0.5,
  };
  const result = await drain(deps);
  const status = await readStatus(db, 'u', false);
  const left = await db.outbox.toArray();
  db.close();
  return { result, state: syncStateOf(status, true), left };
}

const isStart = (r: OutboxRequest) => r.route.name === 'startTherasession';

it('counts a start that overtook the office’s cancel as delivered, and its points after it: All sent', async () => {
  const { result, state, left } = await run(
    (r) => (isStart(r) ? apiAnswer(r, 200, overtakingStart) : apiAnswer(r, 200, acknowledged(r))),
    start(),
    point(1),
    point(2),
  );
  expect(result.sent).toBe(3);
  expect(left).toEqual([]);
  expect(state).toBe('sent');
});

it('settles a start refused because the session already ran and ended elsewhere: no needs attention', async () => {
  const ended = { code: 'ALREADY_ENDED', detail: 'This session has already ended.' };
  const { state, left } = await run((r) => (isStart(r) ? apiAnswer(r, 409, ended) : apiAnswer(r, 200, acknowledged(r))), start(), point(1));
  expect(left).toEqual([]);
  expect(state).toBe('sent');
});

it('keeps points refused on a session called off before it ran in needs attention, with the sentence', async () => {
  const detail =
    'This session was cancelled before it started, so it takes no new points. If it took place, start it on the tablet first; its points are then kept.';
  const { state, left } = await run((r) => apiAnswer(r, 409, { code: 'SESSION_CALLED_OFF', detail }), point(1));
  expect(state).toBe('attention');
  expect(left.map((o) => [o.state, o.lastError])).toEqual([['attention', { status: 409, code: 'SESSION_CALLED_OFF', detail }]]);
});
