import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { TheraDb } from '../../src/shared/db/db';
import { commitWithOp } from '../../src/shared/outbox/commit';
import { drain } from '../../src/shared/outbox/drain';
import type { OpKind, OutboxOp } from '../../src/shared/outbox/types';
import type { OutboxRequest } from '../../src/shared/outbox/transport';
import { ModelServer } from './outbox-model-server';
import { acknowledged, apiAnswer, loadCall, noAnswer } from './outbox-api-answer';

/** A point id as the server's answer schema wants it: a UUID, told apart by its last digits. */
const pointId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/**
 * The outbox against a reference model: after any sequence of taps, faults, restarts
 * and drains, the server's state equals the model's and every operation took effect exactly once,
 * in lane order. Faults: the request fails before the server, the server answers 503, the server
 * commits and the response is lost (or times out), and the session expires (401, then sign-in).
 */
const ORG = '00000000-0000-4000-8000-0000000000aa';
const USER = 'user-1';
const SESSIONS = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'];
const GOAL = '33333333-3333-4333-8333-333333333333';
const DEVICE = 'device-0001';

type Fault = 'ok' | 'fail' | '503' | 'lost' | '401';
type Command =
  | { kind: 'tap'; session: number; trial: number; outcome: string }
  | { kind: 'delete'; session: number; trial: number }
  | { kind: 'lifecycle'; session: number }
  | { kind: 'drain'; faults: Fault[] }
  | { kind: 'restart' }
  | { kind: 'signIn' };

const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('tap' as const),
      session: fc.nat(1),
      trial: fc.integer({ min: 1, max: 6 }),
      outcome: fc.constantFrom('correct', 'incorrect', 'prompted'),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), session: fc.nat(1), trial: fc.integer({ min: 1, max: 6 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('lifecycle' as const), session: fc.nat(1) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('drain' as const),
      faults: fc.array(fc.constantFrom<Fault>('ok', 'ok', 'fail', '503', 'lost', '401'), { maxLength: 8 }),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'restart' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'signIn' as const }) },
);

let dbCounter = 0;

async function run(commands: Command[]) {
  const name = `outbox-prop-${dbCounter++}`;
  let db = new TheraDb(name);
  await db.open();
  const server = new ModelServer();
  const model = new Map<string, unknown>(); // what the therapist entered: key -> value
  const lifecycle = new Map<string, string[]>(); // lane -> markers in tap order
  let clock = 1_000_000;
  let seq = 0;
  let ids = 0;
  let faults: Fault[] = [];
  let signedIn = true;

  const send = async (request: OutboxRequest) => {
    const fault = faults.shift() ?? 'ok';
    if (!signedIn || fault === '401') {
      signedIn = false;
      return apiAnswer(request, 401, { code: 'NOT_SIGNED_IN', detail: 'Sign in.' });
    }
    if (fault === 'fail') {
      return noAnswer;
    }
    if (fault === '503') {
      return apiAnswer(request, 503, { code: 'UNAVAILABLE', detail: 'Unavailable.' });
    }
    const answer = server.handle(request);
    return fault === 'lost' ? noAnswer : answer;
  };

  const enqueue = async (session: string, kind: OpKind, body: Record<string, unknown>, coalesceKey: string | null) => {
    const op: OutboxOp = {
      id: `op-${ids++}-aaaaaaaa`,
      userId: USER,
      organizationId: ORG,
      lane: `session:${session}`,
      kind,
      params: { id: session },
      body,
      coalesceKey,
      state: 'pending',
      batchId: null,
      leaseUntil: 0,
      attempts: 0,
      nextAttemptAt: 0,
      createdAt: clock,
      lastError: null,
    };
    await commitWithOp(db.backendDB(), [], op);
  };

  const stamp = () => ({ recorded_at: new Date(clock++).toISOString(), device_id: DEVICE, device_seq: ++seq });

  const drainAll = async (exclusive: boolean) =>
    drain({ db, send, loadCall, now: () => clock, newId: () => `batch-${ids++}-aaaaaaaa`, userId: USER, exclusive, random: () => 0.5 });

  for (const c of commands) {
    switch (c.kind) {
      case 'tap': {
        const session = SESSIONS[c.session] as string;
        const key = `${session}/${GOAL}/-/${c.trial}`;
        const body = {
          id: pointId(ids++),
          goal_id: GOAL,
          sub_goal_id: null,
          trial_no: c.trial,
          kind: 'trial',
          outcome: c.outcome,
          prompt_level: null,
          count: null,
          duration_ms: null,
          ...stamp(),
        };
        await enqueue(session, 'points.upsert', body, key);
        model.set(key, body);
        break;
      }
      case 'delete': {
        const session = SESSIONS[c.session] as string;
        const key = `${session}/${GOAL}/-/${c.trial}`;
        await enqueue(session, 'points.delete', { keys: [{ goal_id: GOAL, sub_goal_id: null, trial_no: c.trial, ...stamp() }] }, null);
        model.delete(key);
        break;
      }
      case 'lifecycle': {
        const session = SESSIONS[c.session] as string;
        const marker = `m${ids++}`;
        await enqueue(session, 'focus.stop', { marker }, null);
        lifecycle.set(`session:${session}`, [...(lifecycle.get(`session:${session}`) ?? []), marker]);
        break;
      }
      case 'drain':
        faults = [...c.faults];
        await drainAll(true);
        clock += 2_000;
        break;
      case 'restart':
        // The tab dies: whatever was in flight stays in flight in IndexedDB.
        db.close();
        db = new TheraDb(name);
        await db.open();
        break;
      case 'signIn':
        signedIn = true;
        await db.meta.delete('outbox.paused');
        break;
    }
  }

  // The connection comes back for good and the user signs in: everything must arrive.
  signedIn = true;
  faults = [];
  await db.meta.delete('outbox.paused');
  for (let i = 0; i < 50 && (await db.outbox.count()) > 0; i++) {
    clock += 120_000;
    await drainAll(true);
  }
  const left = await db.outbox.toArray();
  db.close();
  return { server, model, lifecycle, left };
}

describe('outbox against a reference model', () => {
  it('delivers every operation exactly once, in lane order, whatever the faults', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 60 }), async (commands) => {
        const { server, model, lifecycle, left } = await run(commands);
        expect(left).toEqual([]);
        expect(server.livePoints()).toEqual(model);
        for (const [key, count] of server.applied) {
          expect(count, `key ${key} took effect ${count} times`).toBe(1);
        }
        for (const [lane, markers] of lifecycle) {
          expect(server.effects.get(lane) ?? []).toEqual(markers);
        }
      }),
      { numRuns: 150 },
    );
  }, 120_000);

  it('sends only the newest pending upsert of a key and confirms the older ones with it', async () => {
    const db = new TheraDb(`outbox-coalesce-${dbCounter++}`);
    await db.open();
    const base = {
      userId: USER,
      organizationId: ORG,
      lane: 'session:x',
      kind: 'points.upsert' as const,
      params: { id: 'x' },
      state: 'pending' as const,
      batchId: null,
      leaseUntil: 0,
      attempts: 0,
      nextAttemptAt: 0,
      createdAt: 1,
      lastError: null,
    };
    await commitWithOp(db.backendDB(), [], { ...base, id: 'a-aaaaaaaa', body: { id: pointId(1), v: 1 }, coalesceKey: 'k' });
    await commitWithOp(db.backendDB(), [], { ...base, id: 'b-aaaaaaaa', body: { id: pointId(9), v: 9 }, coalesceKey: 'other' });
    await commitWithOp(db.backendDB(), [], { ...base, id: 'c-aaaaaaaa', body: { id: pointId(2), v: 2 }, coalesceKey: 'k' });
    const sent: unknown[] = [];
    await drain({
      db,
      send: async (request) => {
        sent.push(request.body);
        return apiAnswer(request, 200, acknowledged(request));
      },
      loadCall,
      now: () => 0,
      newId: () => 'batch-aaaaaaaa',
      userId: USER,
      exclusive: true,
    });
    expect(sent).toEqual([
      {
        points: [
          { id: pointId(9), v: 9 },
          { id: pointId(2), v: 2 },
        ],
      },
    ]);
    expect(await db.outbox.count()).toBe(0);
    db.close();
  });
});
