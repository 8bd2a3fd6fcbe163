/**
 * The order of stamped writes and two-observer mode: one device's writes are ordered by its
 * persisted device_seq whatever its clock says (a clock 3 h ahead then set right, or 3 h behind after
 * a reload); an older write of the same device is refused whole with 409 STALE_WRITE (nothing
 * stored) on every stamped call; writes of two devices on one trial keep both observations and say
 * so in `conflicts`; device times are kept as sent, flagged when implausible, beside the receipt time.
 */
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { pointObservations } from '../../server/db/schema/collector';
import { asSessionId } from '../../server/lib/ids';
import {
  call,
  describeServer,
  focusRowsOf,
  freshSession,
  idempotencyRecordsOf,
  newKey,
  useCollectorWorld,
  pointsOf,
  trialPoint,
  trialStatesOf,
} from '../helpers/collector-fixtures';

const { t, w } = useCollectorWorld();

const C = '/api/collector';
const json = (res: LightMyRequestResponse) => res.json() as Record<string, any>;
const g = () => w.placement.goals;
const upsert = (sessionId: string, points: unknown[], key?: string) =>
  call(t, w.therapist, 'POST', `${C}/sessions/${sessionId}/points/`, { body: { points }, ...(key ? { key } : {}) });
const remove = (sessionId: string, keys: unknown[]) =>
  call(t, w.therapist, 'DELETE', `${C}/sessions/${sessionId}/points/`, { body: { keys } });
const correct = (id: string, body: object) => call(t, w.therapist, 'POST', `${C}/datapoints/${id}/correct/`, { body });
const live = async (sessionId: string) => (await pointsOf(t, w.org.id, sessionId)).filter((p) => p.deletedAt === null);
const observationsOf = (sessionId: string) =>
  t.database.db
    .select()
    .from(pointObservations)
    .where(and(eq(pointObservations.organizationId, w.org.id), eq(pointObservations.sessionId, asSessionId(sessionId))));

/** A device whose clock is `offsetMs` off; its sequence only grows, across "reloads" too. */
function device(id: string, startSeq = 1) {
  let seq = startSeq;
  const base = Date.now();
  return {
    id,
    stamp: (offsetMs: number, atMs = 0) => ({
      recorded_at: new Date(base + atMs + offsetMs).toISOString(),
      device_id: id,
      device_seq: seq++,
    }),
  };
}
const keyOf = (trialNo: number, s: object) => ({ goal_id: g().discrete.id, sub_goal_id: null, trial_no: trialNo, ...s });
const expectStale = (res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBe(409);
  expect(json(res)).toMatchObject({ code: 'STALE_WRITE', detail: 'A newer change to this trial from this device is already saved.' });
};

const H3 = 3 * 3600_000;

describeServer('one device, a wrong clock: its later writes win by sequence', () => {
  it('applies corrections and deletions made after the clock (3 h ahead) was set right', async () => {
    const s = await freshSession(t, w);
    const tablet = device(`tablet-${randomUUID().slice(0, 8)}`);
    // Tapped with the clock 3 h ahead.
    const taps = [1, 2, 3, 4].map((n) => trialPoint(g().discrete.id, null, n, 'incorrect', tablet.stamp(H3, n * 1000)));
    expect(json(await upsert(s.id, taps))).toMatchObject({ applied: 4, conflicts: [] });
    // Clock set right, app reopened: the same device's next writes carry earlier times, higher sequences.
    const fixed1 = await correct(taps[0]!.id, { outcome: 'correct', ...tablet.stamp(0, 60_000) });
    expect(fixed1.statusCode, fixed1.body).toBe(200);
    expect(json(fixed1)).toMatchObject({ outcome: 'correct', original: { outcome: 'incorrect' } });
    const fixed2 = trialPoint(g().discrete.id, null, 2, 'prompted', tablet.stamp(0, 61_000));
    expect(json(await upsert(s.id, [fixed2]))).toMatchObject({ applied: 1, stale: 0, conflicts: [] });
    expect(json(await remove(s.id, [keyOf(3, tablet.stamp(0, 62_000)), keyOf(4, tablet.stamp(0, 63_000))]))).toEqual({
      applied: 2,
      stale: 0,
      received: 2,
    });
    const rows = await live(s.id);
    expect(rows.map((r) => [r.trialNo, r.outcome])).toEqual([
      [1, 'correct'],
      [2, 'prompted'],
    ]);
    expect(await observationsOf(s.id)).toHaveLength(0);
  });

  it('applies corrections and deletions after a reload with the clock 3 h behind (the sequence continues)', async () => {
    const s = await freshSession(t, w);
    const id = `tablet-${randomUUID().slice(0, 8)}`;
    const before = device(id, 10);
    const taps = [1, 2, 3, 4].map((n) => trialPoint(g().discrete.id, null, n, 'correct', before.stamp(0, n * 1000)));
    expect(json(await upsert(s.id, taps))).toMatchObject({ applied: 4 });
    // Reload: the page starts again from the persisted sequence; the clock is now 3 h behind.
    const after = device(id, 20);
    const fixed1 = await correct(taps[0]!.id, { outcome: 'incorrect', ...after.stamp(-H3, 60_000) });
    expect(json(fixed1)).toMatchObject({ outcome: 'incorrect' });
    expect(json(await upsert(s.id, [trialPoint(g().discrete.id, null, 2, 'no_response', after.stamp(-H3, 61_000))]))).toMatchObject({
      applied: 1,
    });
    expect(json(await remove(s.id, [keyOf(3, after.stamp(-H3, 62_000)), keyOf(4, after.stamp(-H3, 63_000))]))).toMatchObject({
      applied: 2,
    });
    expect((await live(s.id)).map((r) => [r.trialNo, r.outcome])).toEqual([
      [1, 'incorrect'],
      [2, 'no_response'],
    ]);
  });
});

describeServer('an older write of the same device: 409 STALE_WRITE, nothing stored', () => {
  it('refuses a whole upsert batch (its new points too, and its idempotency record)', async () => {
    const s = await freshSession(t, w);
    const tablet = device(`tablet-${randomUUID().slice(0, 8)}`);
    const old = tablet.stamp(0);
    const newer = trialPoint(g().discrete.id, null, 1, 'correct', tablet.stamp(0));
    await upsert(s.id, [newer]);
    const fresh = trialPoint(g().discrete.id, null, 2, 'correct', tablet.stamp(0));
    const key = newKey();
    expectStale(await upsert(s.id, [fresh, trialPoint(g().discrete.id, null, 1, 'incorrect', old)], key));
    expect((await live(s.id)).map((r) => r.id)).toEqual([newer.id]);
    expect((await idempotencyRecordsOf(t, w.therapist.userId)).filter((r) => r.key === key)).toHaveLength(0);
  });

  it('refuses a delete, a correction, a trial move and a focus change', async () => {
    const s = await freshSession(t, w);
    const tablet = device(`tablet-${randomUUID().slice(0, 8)}`);
    const olds = [tablet.stamp(0), tablet.stamp(0), tablet.stamp(0), tablet.stamp(0)] as const;
    const point = trialPoint(g().discrete.id, null, 1, 'correct', tablet.stamp(0));
    await upsert(s.id, [point]);
    expectStale(await remove(s.id, [keyOf(1, olds[0])]));
    expectStale(await correct(point.id, { outcome: 'incorrect', ...olds[1] }));
    expect(await live(s.id)).toMatchObject([{ id: point.id, outcome: 'correct', correctedAt: null }]);

    const target = { session_id: s.id, goal_id: g().discrete.id, sub_goal_id: null };
    expect(
      (await call(t, w.therapist, 'POST', `${C}/trials/start-next/`, { body: { ...target, trial_no: 5, ...tablet.stamp(0) } })).statusCode,
    ).toBe(200);
    expectStale(await call(t, w.therapist, 'POST', `${C}/trials/complete/`, { body: { ...target, trial_no: 4, ...olds[2] } }));
    expect(await trialStatesOf(t, w.org.id, s.id)).toMatchObject([{ trialNo: 5, status: 'open' }]);

    const focus = (what: 'start' | 'stop', body: object) => call(t, w.therapist, 'POST', `${C}/sessions/${s.id}/focus/${what}/`, { body });
    expect((await focus('start', { goal_id: g().frequency.id, ...tablet.stamp(0) })).statusCode).toBe(200);
    expectStale(await focus('stop', olds[3]));
    expect(await focusRowsOf(t, w.org.id, s.id)).toMatchObject([{ goalId: g().frequency.id }]);
  });
});

describeServer('two devices on one trial: both observations kept, the answer says conflict', () => {
  it('keeps the replaced value when the later device arrives second, and the losing one when it arrives first', async () => {
    const s = await freshSession(t, w);
    const a = device(`tablet-a-${randomUUID().slice(0, 6)}`);
    const b = device(`tablet-b-${randomUUID().slice(0, 6)}`);
    // Trial 1: A taps first, B taps later and arrives later: B replaces A's value.
    const a1 = trialPoint(g().discrete.id, null, 1, 'correct', a.stamp(0, 1000));
    const b1 = trialPoint(g().discrete.id, null, 1, 'incorrect', b.stamp(0, 2000));
    expect(json(await upsert(s.id, [a1]))).toEqual({ applied: 1, stale: 0, received_ids: [a1.id], conflicts: [] });
    expect(json(await upsert(s.id, [b1]))).toEqual({ applied: 1, stale: 0, received_ids: [b1.id], conflicts: [b1.id] });
    // Trial 2: B's later tap arrives first; A's earlier tap arrives second and loses.
    const b2 = trialPoint(g().discrete.id, null, 2, 'prompted', b.stamp(0, 3000));
    const a2 = trialPoint(g().discrete.id, null, 2, 'no_response', a.stamp(0, 2500));
    await upsert(s.id, [b2]);
    expect(json(await upsert(s.id, [a2]))).toEqual({ applied: 0, stale: 0, received_ids: [a2.id], conflicts: [a2.id] });

    expect((await live(s.id)).map((r) => [r.trialNo, r.id, r.outcome])).toEqual([
      [1, b1.id, 'incorrect'],
      [2, b2.id, 'prompted'],
    ]);
    const kept = await observationsOf(s.id);
    expect(kept.map((o) => [o.trialNo, o.pointId, o.outcome, o.deviceId, o.reason, o.winnerDeviceId]).sort()).toEqual(
      [
        [1, a1.id, 'correct', a.id, 'replaced', b.id],
        [2, a2.id, 'no_response', a.id, 'lost', b.id],
      ].sort(),
    );
    // The same losing write again (a replay without its key) is kept once.
    expect(json(await upsert(s.id, [a2]))).toMatchObject({ applied: 0, conflicts: [a2.id] });
    expect(await observationsOf(s.id)).toHaveLength(2);
  });

  it('keeps a deletion that loses to another device, and the value another device deletes', async () => {
    const s = await freshSession(t, w);
    const a = device(`tablet-a-${randomUUID().slice(0, 6)}`);
    const b = device(`tablet-b-${randomUUID().slice(0, 6)}`);
    const a1 = trialPoint(g().discrete.id, null, 1, 'correct', a.stamp(0, 1000));
    await upsert(s.id, [a1]);
    expect(json(await remove(s.id, [keyOf(1, b.stamp(0, 500))]))).toEqual({ applied: 0, stale: 0, received: 1 });
    expect(json(await remove(s.id, [keyOf(1, b.stamp(0, 1500))]))).toEqual({ applied: 1, stale: 0, received: 1 });
    expect(await live(s.id)).toHaveLength(0);
    const kept = await observationsOf(s.id);
    expect(kept.map((o) => [o.isDeletion, o.deviceId, o.reason]).sort()).toEqual(
      [
        [true, b.id, 'lost'],
        [false, a.id, 'replaced'],
      ].sort(),
    );
  });
});

describeServer('device times: kept as sent, flagged, receipt time beside them', () => {
  it('flags a point recorded more than 5 minutes ahead of receipt and shows the flag in the session read', async () => {
    const s = await freshSession(t, w);
    const tablet = device(`tablet-${randomUUID().slice(0, 8)}`);
    const ahead = trialPoint(g().discrete.id, null, 1, 'correct', tablet.stamp(H3));
    const fine = trialPoint(g().discrete.id, null, 2, 'correct', tablet.stamp(0));
    await upsert(s.id, [ahead, fine]);
    const rows = await live(s.id);
    expect(rows.map((r) => [r.trialNo, r.recordedAt.toISOString(), r.recordedAtFlag])).toEqual([
      [1, ahead.recorded_at, 'ahead'],
      [2, fine.recorded_at, null],
    ]);
    expect(Math.abs(rows[0]!.receivedAt.getTime() - Date.now())).toBeLessThan(60_000);
    const read = json(await call(t, w.therapist, 'GET', `${C}/sessions/${s.id}/`));
    const data = read.goals.find((x: any) => x.goal_id === g().discrete.id).data;
    expect(data.map((p: any) => p.recorded_at_flag)).toEqual(['ahead', null]);
  });
});

describeServer('two devices at once on the same trials', () => {
  it('keeps every observation when both batches arrive concurrently (no meeting goes unseen)', async () => {
    const s = await freshSession(t, w);
    const a = device(`tablet-a-${randomUUID().slice(0, 6)}`);
    const b = device(`tablet-b-${randomUUID().slice(0, 6)}`);
    const rounds = 5;
    const size = 40;
    for (let round = 0; round < rounds; round += 1) {
      const trials = Array.from({ length: size }, (_, i) => round * size + i + 1);
      const batchA = trials.map((n) => trialPoint(g().discrete.id, null, n, 'correct', a.stamp(0, n * 10)));
      const batchB = trials.map((n) => trialPoint(g().discrete.id, null, n, 'incorrect', b.stamp(0, n * 10 + (n % 2 === 0 ? 5 : -5))));
      const [resA, resB] = await Promise.all([upsert(s.id, batchA), upsert(s.id, batchB)]);
      expect([resA.statusCode, resB.statusCode]).toEqual([200, 200]);
      // Whichever arrived second met the other on every trial.
      const conflicted = [...json(resA).conflicts, ...json(resB).conflicts];
      expect(conflicted).toHaveLength(size);
    }
    const rows = await live(s.id);
    expect(rows).toHaveLength(rounds * size);
    // The later tap is live: B's on even trials, A's on odd ones; the other is kept.
    expect(rows.every((r) => r.deviceId === (r.trialNo % 2 === 0 ? b.id : a.id))).toBe(true);
    const kept = await observationsOf(s.id);
    expect(kept).toHaveLength(rounds * size);
    expect(kept.every((o) => o.deviceId === (o.trialNo % 2 === 0 ? a.id : b.id))).toBe(true);
  });
});

describeServer('two devices at once on keys already stored', () => {
  it('meets in opposite orders, half on stored keys, with no deadlock, nothing lost and every observation kept', async () => {
    const s = await freshSession(t, w);
    const a = device(`tablet-a-${randomUUID().slice(0, 6)}`);
    const b = device(`tablet-b-${randomUUID().slice(0, 6)}`);
    const c = device(`tablet-c-${randomUUID().slice(0, 6)}`);
    const size = 60;
    const trials = Array.from({ length: size }, (_, i) => i + 1);
    // Every other trial is already stored by a third device, so both batches insert some keys and replace others.
    const stored = trials.filter((n) => n % 2 === 0).map((n) => trialPoint(g().discrete.id, null, n, 'no_response', c.stamp(0, n)));
    expect((await upsert(s.id, stored)).statusCode).toBe(200);
    const rounds = 4;
    for (let round = 0; round < rounds; round += 1) {
      const batchA = trials.map((n) => trialPoint(g().discrete.id, null, n, 'correct', a.stamp(0, 1000 + round * 100 + n)));
      const batchB = [...trials]
        .reverse()
        .map((n) => trialPoint(g().discrete.id, null, n, 'incorrect', b.stamp(0, 1000 + round * 100 + n + 50)));
      const [resA, resB] = await Promise.all([upsert(s.id, batchA), upsert(s.id, batchB)]);
      expect([resA.statusCode, resB.statusCode], `${resA.body} ${resB.body}`).toEqual([200, 200]);
    }
    const rows = await live(s.id);
    expect(rows).toHaveLength(size);
    // B's taps are 50 ms later on every trial: B is live everywhere.
    expect(rows.every((r) => r.deviceId === b.id)).toBe(true);
    // Every write of another device that is not live is kept once: C's stored ones and all of A's. B's
    // earlier rounds are kept when A replaced them, not when B's next round did (its own newer write).
    const kept = await observationsOf(s.id);
    const byDevice = (id: string) => kept.filter((o) => o.deviceId === id).length;
    expect({ a: byDevice(a.id), c: byDevice(c.id) }).toEqual({ a: rounds * size, c: size / 2 });
    expect(byDevice(b.id)).toBeLessThanOrEqual((rounds - 1) * size);
  });
});
