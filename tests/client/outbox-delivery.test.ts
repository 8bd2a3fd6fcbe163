import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { TheraDb } from '../../src/shared/db/db';
import { commitWithOp } from '../../src/shared/outbox/commit';
import { drain, fetchSender } from '../../src/shared/outbox/drain';
import { dueNow, OUTAGE_KEY, PAUSE_KEY, retryAllAttention, type DrainDeps } from '../../src/shared/outbox/drain-state';
import { SERVER_ERRORS_BEFORE_ATTENTION, type OutboxRequest, type SendResult } from '../../src/shared/outbox/transport';
import type { OpKind, OutboxOp } from '../../src/shared/outbox/types';
import { syncStateOf } from '../../src/features/collector/sync-state';
import { acknowledged, apiAnswer, loadCall, noAnswer } from './outbox-api-answer';

const ORG = '00000000-0000-4000-8000-0000000000aa';
const SESSION = '11111111-1111-4111-8111-111111111111';
const OTHER_SESSION = '22222222-2222-4222-8222-222222222222';
const GOAL = '33333333-3333-4333-8333-333333333333';
let n = 0;
let ids = 0;

const pointId = (i: number) => `44444444-4444-4444-8444-${String(i).padStart(12, '0')}`;

function op(kind: OpKind, body: Record<string, unknown>, lane = SESSION): OutboxOp {
  return {
    id: `op-${ids++}-aaaaaaaa`,
    userId: 'u',
    organizationId: ORG,
    lane: `session:${lane}`,
    kind,
    params: { id: lane },
    body,
    coalesceKey: kind === 'points.upsert' ? `${lane}/${String(body.trial_no)}` : null,
    state: 'pending',
    batchId: null,
    leaseUntil: 0,
    attempts: 0,
    nextAttemptAt: 0,
    createdAt: 0,
    lastError: null,
  };
}
const point = (trial: number, lane = SESSION) =>
  op('points.upsert', { id: pointId(trial), goal_id: GOAL, sub_goal_id: null, trial_no: trial, kind: 'trial', outcome: 'correct' }, lane);

async function dbWith(...ops: OutboxOp[]) {
  const db = new TheraDb(`delivery-${n++}`);
  await db.open();
  for (const o of ops) {
    await commitWithOp(db.backendDB(), [], o);
  }
  return db;
}

function deps(db: TheraDb, send: DrainDeps['send'], over: Partial<DrainDeps> = {}): DrainDeps {
  return {
    db,
    send,
    loadCall: vi.fn(loadCall),
    now: () => 1_000,
    newId: () => `batch-${ids++}-aaaaaaaa`,
    userId: 'u',
    exclusive: true,
    random: () => 0.5,
    ...over,
  };
}

/** A fake fetch: the real fetchSender reads its Response. */
function fakeFetch(answer: (url: string, init: RequestInit) => Response) {
  const calls: { url: string; init: RequestInit }[] = [];
  const impl = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return answer(url, init);
  }) as unknown as typeof fetch;
  return { impl, calls };
}
const header = (init: RequestInit, name: string) => new Headers(init.headers).get(name);

describe('what counts as delivered', () => {
  const PORTAL = '<!doctype html><title>Welcome to School Wi-Fi</title><p>Accept the terms to continue.</p>';

  it('keeps and retries everything a sign-in portal answered with 200 text/html, and says so', async () => {
    const db = await dbWith(point(1), point(2), point(3));
    const fetch = fakeFetch(() => new Response(PORTAL, { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8' } }));
    const d = deps(db, fetchSender(fetch.impl));
    const result = await drain(d);
    expect(result.sent).toBe(0);
    expect(result.waitingUntil).toBeGreaterThan(1_000);
    expect(await db.outbox.count()).toBe(3);
    expect((await db.outbox.toArray()).map((o) => o.attempts)).toEqual([1, 1, 1]);
    expect((await db.meta.get(OUTAGE_KEY))?.value).toBe('portal');
    // Nothing looked like the API's answer: the schemas were never needed.
    expect(d.loadCall).not.toHaveBeenCalled();
    db.close();
  });

  it("keeps a proxy's 204 and a 200 JSON without the echoed key (can't reach Thera)", async () => {
    for (const answer of [
      () => new Response(null, { status: 204 }),
      (_: string, init: RequestInit) => {
        const points = (JSON.parse(String(init.body)) as { points: { id: string }[] }).points.map((p) => p.id);
        // Everything right but the echo: a cache or proxy replaying some earlier answer.
        return Response.json({ applied: points.length, stale: 0, received_ids: points, conflicts: [] });
      },
    ]) {
      const db = await dbWith(point(1), point(2));
      const result = await drain(deps(db, fetchSender(fakeFetch(answer).impl)));
      expect(result.sent).toBe(0);
      expect(await db.outbox.count()).toBe(2);
      expect((await db.meta.get(OUTAGE_KEY))?.value).toBe('unreachable');
      db.close();
    }
  });

  it('deletes nothing when the answer does not acknowledge every point sent, and sends them all again', async () => {
    const db = await dbWith(point(1), point(2), point(3));
    const sent: OutboxRequest[] = [];
    const answers: ((r: OutboxRequest) => SendResult)[] = [
      // The API's answer, key echoed, schema fine, but one point missing from received_ids.
      (r) => apiAnswer(r, 200, { applied: 2, stale: 0, received_ids: [pointId(1), pointId(3)], conflicts: [] }),
      (r) => apiAnswer(r, 200, acknowledged(r)),
    ];
    let clock = 1_000;
    const d = deps(
      db,
      async (r) => {
        sent.push(r);
        return (answers.shift() as (r: OutboxRequest) => SendResult)(r);
      },
      { now: () => clock },
    );
    expect((await drain(d)).sent).toBe(0);
    expect(await db.outbox.count()).toBe(3);
    clock += 60_000;
    expect((await drain(d)).sent).toBe(3);
    expect(await db.outbox.count()).toBe(0);
    // The same three points with the same key: a retry the server recognises.
    expect(sent.map((r) => (r.body as { points: unknown[] }).points.length)).toEqual([3, 3]);
    expect(sent[1]?.key).toBe(sent[0]?.key);
    db.close();
  });

  it('deletes a delete batch only when received equals the keys sent', async () => {
    const key = (trial: number) => ({
      goal_id: GOAL,
      sub_goal_id: null,
      trial_no: trial,
      recorded_at: '2026-01-01T10:00:00.000Z',
      device_id: 'device-0001',
      device_seq: trial,
    });
    const db = await dbWith(op('points.delete', { keys: [key(1), key(2)] }));
    const short = await drain(deps(db, async (r) => apiAnswer(r, 200, { applied: 1, stale: 0, received: 1 })));
    expect(short.sent).toBe(0);
    expect(await db.outbox.count()).toBe(1);
    const full = await drain(deps(db, async (r) => apiAnswer(r, 200, acknowledged(r)), { now: () => 120_000 }));
    expect(full.sent).toBe(1);
    db.close();
  });

  it("delivers on the API's whole answer and clears the outage", async () => {
    const db = await dbWith(point(1), point(2));
    await db.meta.put({ key: OUTAGE_KEY, value: 'portal' });
    const fetch = fakeFetch((_, init) => {
      const points = (JSON.parse(String(init.body)) as { points: { id: string }[] }).points.map((p) => p.id);
      return Response.json(
        { applied: points.length, stale: 0, received_ids: points, conflicts: [pointId(2)] },
        { headers: { 'Idempotency-Key': header(init, 'Idempotency-Key') ?? '' } },
      );
    });
    const result = await drain(deps(db, fetchSender(fetch.impl)));
    expect(result.sent).toBe(2);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.meta.get(OUTAGE_KEY)).toBeUndefined();
    // Every request says whose operations it carries.
    expect(header(fetch.calls[0]!.init, 'X-Thera-Author')).toBe('u');
    db.close();
  });

  it('removes exactly the delivered operations, whether they lie in one run of seqs or others sit between them', async () => {
    const someoneElse = (o: OutboxOp): OutboxOp => ({ ...o, userId: 'v' });
    // Seqs 1–7: u's operations in two lanes with v's between them (u's batch in SESSION is 1, 3, 5, 6).
    const db = await dbWith(point(1), someoneElse(point(2)), point(3), point(4, OTHER_SESSION), point(5), point(6), someoneElse(point(7)));
    const send: DrainDeps['send'] = async (r) => apiAnswer(r, 200, acknowledged(r));
    expect((await drain(deps(db, send))).sent).toBe(5);
    expect((await db.outbox.toArray()).map((o) => [o.seq, o.userId])).toEqual([
      [2, 'v'],
      [7, 'v'],
    ]);
    // Seqs 8–10: one run of u's, with v's right after it.
    for (const o of [point(8), point(9), point(10), someoneElse(point(11))]) {
      await commitWithOp(db.backendDB(), [], o);
    }
    expect((await drain(deps(db, send))).sent).toBe(3);
    expect((await db.outbox.toArray()).map((o) => o.seq)).toEqual([2, 7, 11]);
    db.close();
  });

  it('says which outage holds on the indicator, and "Saved on this device" when the device itself is offline', () => {
    const status = { pending: 3, inflight: 0, attention: [], oldestAt: 1, lastSyncAt: null, paused: null, sending: false };
    expect(syncStateOf({ ...status, outage: 'portal' }, true)).toBe('portal');
    expect(syncStateOf({ ...status, outage: 'unreachable' }, true)).toBe('unreachable');
    expect(syncStateOf({ ...status, outage: 'portal' }, false)).toBe('saved');
    expect(syncStateOf({ ...status, outage: null }, true)).toBe('saved');
    expect(syncStateOf({ ...status, outage: 'portal', sending: true }, true)).toBe('sending');
  });
});

describe('operations made under another sign-in', () => {
  it('parks on AUTHOR_MISMATCH: untouched, no pause, the lane waits, the drain says so', async () => {
    const db = await dbWith(point(1), point(2), point(3, OTHER_SESSION));
    const authors: string[] = [];
    const result = await drain(
      deps(db, async (r) => {
        authors.push(r.author);
        return r.url.includes(OTHER_SESSION)
          ? apiAnswer(r, 200, acknowledged(r))
          : apiAnswer(r, 403, { code: 'AUTHOR_MISMATCH', detail: "These changes were made under another person's sign-in." });
      }),
    );
    expect(result.authorMismatch).toBe(true);
    expect(result.paused).toBeNull();
    expect(await db.meta.get(PAUSE_KEY)).toBeUndefined();
    // The other lane went on; the parked one is exactly as it was.
    expect(result.sent).toBe(1);
    const left = await db.outbox.toArray();
    expect(left.map((o) => [o.state, o.attempts, o.nextAttemptAt, o.lastError])).toEqual([
      ['pending', 0, 0, null],
      ['pending', 0, 0, null],
    ]);
    expect(authors).toEqual(['u', 'u']);
    db.close();
  });
});

describe('refusals and repeated server errors', () => {
  it('sends a batch refused as STALE_WRITE point by point; the stale one needs attention with the reason', async () => {
    const db = await dbWith(point(1), point(2), point(3));
    const stale = pointId(2);
    const STALE = { code: 'STALE_WRITE', detail: 'A newer change to this trial from this device is already saved.' };
    const result = await drain(
      deps(db, async (r) => {
        const ids = (r.body as { points: { id: string }[] }).points.map((p) => p.id);
        return ids.includes(stale) ? apiAnswer(r, 409, STALE) : apiAnswer(r, 200, acknowledged(r));
      }),
    );
    expect(result.sent).toBe(2);
    const left = await db.outbox.toArray();
    expect(left).toHaveLength(1);
    expect(left[0]?.state).toBe('attention');
    expect((left[0]?.body as { id: string }).id).toBe(stale);
    expect(left[0]?.lastError).toEqual({ status: 409, ...STALE });
    db.close();
  });

  it("keeps a former member's points tapped before the end and sets the later one aside with the server's sentence", async () => {
    const db = await dbWith(point(1), point(2));
    const late = pointId(2);
    const ENDED = {
      code: 'MEMBERSHIP_ENDED',
      detail: 'Your membership in this organization ended on November 26, 2026 at 10:00 AM UTC: data recorded after that is not accepted.',
    };
    const result = await drain(
      deps(db, async (r) => {
        const ids = (r.body as { points: { id: string }[] }).points.map((p) => p.id);
        return ids.includes(late) ? apiAnswer(r, 409, ENDED) : apiAnswer(r, 200, acknowledged(r));
      }),
    );
    expect(result.sent).toBe(1);
    const left = await db.outbox.toArray();
    expect(left.map((o) => [(o.body as { id: string }).id, o.state, o.lastError])).toEqual([
      [late, 'attention', { status: 409, ...ENDED }],
    ]);
    db.close();
  });

  it(`sets an operation aside after ${SERVER_ERRORS_BEFORE_ATTENTION} plain 500s in a row, keeps it, and the lane goes on`, async () => {
    const focus = op('focus.stop', { recorded_at: '2026-01-01T10:00:00.000Z', device_id: 'device-0001', device_seq: 1 });
    const db = await dbWith(focus, point(1));
    let clock = 1_000;
    const statuses: number[] = [];
    const d = deps(
      db,
      async (r) => {
        if (r.route.name === 'stopFocus') {
          // A gateway's 503 and a network failure in between: outages, they don't count.
          const status = statuses.length === 2 ? 503 : 500;
          statuses.push(statuses.length === 3 ? 0 : status);
          if (statuses.length === 4) {
            return noAnswer;
          }
          return apiAnswer(r, status, { code: status === 500 ? 'INTERNAL' : 'UNAVAILABLE', detail: 'Something went wrong.' });
        }
        return apiAnswer(r, 200, acknowledged(r));
      },
      { now: () => clock },
    );
    for (let i = 0; i < 20 && (await db.outbox.where('[userId+state]').equals(['u', 'attention']).count()) === 0; i++) {
      await drain(d);
      clock += 120_000;
    }
    // 500, 500, 503 (resets), network (resets), then five 500s in a row.
    expect(statuses).toEqual([500, 500, 503, 0, 500, 500, 500, 500, 500]);
    const [stuck] = await db.outbox.toArray();
    expect(stuck?.state).toBe('attention');
    expect(stuck?.lastError?.status).toBe(500);
    expect(stuck?.lastError?.detail).toMatch(/failed on this 5 times in a row.*kept here/);
    // The point behind it went in the same drain that set it aside.
    await drain(d);
    expect(await db.outbox.count()).toBe(1);
    db.close();
  });

  it('"Retry all" sends every item in needs-attention again', async () => {
    const db = await dbWith(point(1), point(2, OTHER_SESSION));
    await drain(deps(db, async (r) => apiAnswer(r, 400, { code: 'VALIDATION_FAILED', detail: 'No.' })));
    expect(await db.outbox.where('[userId+state]').equals(['u', 'attention']).count()).toBe(2);
    expect(await retryAllAttention(db, 'u')).toBe(2);
    const result = await drain(deps(db, async (r) => apiAnswer(r, 200, acknowledged(r))));
    expect(result.sent).toBe(2);
    db.close();
  });
});

describe('connectivity back', () => {
  it('records no outage for a plain network failure (the device is offline: "Saved on this device")', async () => {
    const db = await dbWith(point(1));
    await drain(deps(db, async () => noAnswer));
    expect(await db.meta.get(OUTAGE_KEY)).toBeUndefined();
    db.close();
  });

  it('makes pending operations due at once (the page on online, the worker on its sync event)', async () => {
    const db = await dbWith(point(1));
    let clock = 1_000;
    const answers = [noAnswer];
    const d = deps(db, async (r) => answers.shift() ?? apiAnswer(r, 200, acknowledged(r)), { now: () => clock });
    const failed = await drain(d);
    expect(failed.waitingUntil).toBeGreaterThan(clock);
    clock += 10; // long before the backoff is over
    expect((await drain(d)).sent).toBe(0);
    await dueNow(db, 'u');
    expect((await drain(d)).sent).toBe(1);
    db.close();
  });

  it('starts the backoff over when the connection is back, keeping the count of server errors in a row', async () => {
    const db = await dbWith(point(1));
    let clock = 1_000;
    const answers = [noAnswer, noAnswer, noAnswer, noAnswer, noAnswer, noAnswer, noAnswer];
    const internal = (r: Parameters<typeof apiAnswer>[0]) => apiAnswer(r, 500, { code: 'INTERNAL', detail: 'Internal server error.' });
    const d = deps(db, async (r) => answers.shift() ?? internal(r), { now: () => clock, random: () => 1 });
    // A morning offline: seven failed tries, the backoff grown to 60 s.
    for (let i = 0; i < 7; i += 1) {
      const failed = await drain(d);
      clock = failed.waitingUntil!;
    }
    expect((await db.outbox.toArray())[0]!.attempts).toBe(7);
    await dueNow(db, 'u');
    // Back online, the server answers 500: the next try is a second away, not a minute.
    const first = await drain(d);
    expect(first.waitingUntil! - clock).toBe(1_000);
    clock = first.waitingUntil!;
    expect((await db.outbox.toArray())[0]!.serverErrors).toBe(1);
    await dueNow(db, 'u');
    clock = (await drain(d)).waitingUntil!;
    expect((await db.outbox.toArray())[0]!.serverErrors).toBe(2);
    db.close();
  });
});
