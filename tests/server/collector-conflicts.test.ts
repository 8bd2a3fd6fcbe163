/**
 * A session's conflicts are readable: where two devices wrote one trial, the call answers the value
 * kept and every other observation with its device, who sent it, when it was tapped and when it
 * arrived; with the same access as the session itself, and nothing of another organization.
 */
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { users } from '../../server/db/schema/accounts';
import { call, describeServer, freshSession, outsidersOf, trialPoint, useCollectorWorld } from '../helpers/collector-fixtures';

const { t, w } = useCollectorWorld();

const C = '/api/collector';
const json = (res: LightMyRequestResponse) => res.json() as Record<string, any>;
const upsert = (sessionId: string, points: unknown[]) =>
  call(t, w.therapist, 'POST', `${C}/sessions/${sessionId}/points/`, { body: { points } });
const conflictsOf = (sessionId: string, actor = w.therapist, query?: Record<string, string>) =>
  call(t, actor, 'GET', `${C}/sessions/${sessionId}/conflicts/`, query ? { query } : {});

function device(id: string) {
  let seq = 1;
  const base = Date.now() - 60_000;
  return { id, stamp: (atMs: number) => ({ recorded_at: new Date(base + atMs).toISOString(), device_id: id, device_seq: seq++ }) };
}

async function nameOf(userId: string) {
  const [row] = await t.database.db
    .select()
    .from(users)
    .where(eq(users.id, userId as never));
  return `${row!.firstName} ${row!.lastName}`;
}

describeServer('a session’s conflicts', () => {
  it('answers nothing for a session whose trials only one device wrote', async () => {
    const s = await freshSession(t, w);
    const a = device(`tablet-a-${randomUUID().slice(0, 6)}`);
    await upsert(s.id, [trialPoint(w.placement.goals.discrete.id, null, 1, 'correct', a.stamp(1000))]);
    const res = await conflictsOf(s.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({ session_id: s.id, conflicts: [] });
  });

  it('names the kept value and the other device’s, with who sent each and when', async () => {
    const s = await freshSession(t, w);
    const goal = w.placement.goals.discrete.id;
    const a = device(`tablet-a-${randomUUID().slice(0, 6)}`);
    const b = device(`tablet-b-${randomUUID().slice(0, 6)}`);
    // Trial 1: B's later tap replaces A's. Trial 2: A's earlier tap arrives after B's and loses.
    const a1 = trialPoint(goal, null, 1, 'correct', a.stamp(1000));
    const b1 = trialPoint(goal, null, 1, 'incorrect', b.stamp(2000));
    const b2 = trialPoint(goal, null, 2, 'prompted', b.stamp(4000));
    const a2 = trialPoint(goal, null, 2, 'no_response', a.stamp(3000));
    const before = Date.now();
    await upsert(s.id, [a1]);
    await upsert(s.id, [b1, b2]);
    await upsert(s.id, [a2]);
    // A replay of the losing write adds no second observation.
    await upsert(s.id, [a2]);

    const res = await conflictsOf(s.id);
    expect(res.statusCode, res.body).toBe(200);
    const body = json(res);
    const who = { id: w.therapist.userId, name: await nameOf(w.therapist.userId) };
    expect(body.conflicts.map((c: any) => [c.trial_no, c.kept.point_id, c.kept.outcome, c.kept.device_id])).toEqual([
      [1, b1.id, 'incorrect', b.id],
      [2, b2.id, 'prompted', b.id],
    ]);
    expect(body.conflicts.map((c: any) => c.others.map((o: any) => [o.point_id, o.outcome, o.device_id, o.recorded_at]))).toEqual([
      [[a1.id, 'correct', a.id, a1.recorded_at]],
      [[a2.id, 'no_response', a.id, a2.recorded_at]],
    ]);
    for (const c of body.conflicts) {
      for (const v of [c.kept, ...c.others]) {
        expect(v.recorded_by).toEqual(who);
        expect(Date.parse(v.received_at)).toBeGreaterThanOrEqual(before - 1000);
        expect(v.is_deletion).toBe(false);
      }
    }
    // The value that was live first keeps the time it arrived, not the time it was replaced.
    const [first] = body.conflicts;
    expect(Date.parse(first.others[0].received_at)).toBeLessThanOrEqual(Date.parse(first.kept.received_at));
  });

  it('lists a deletion that won as the kept value', async () => {
    const s = await freshSession(t, w);
    const goal = w.placement.goals.discrete.id;
    const a = device(`tablet-a-${randomUUID().slice(0, 6)}`);
    const b = device(`tablet-b-${randomUUID().slice(0, 6)}`);
    const a1 = trialPoint(goal, null, 1, 'correct', a.stamp(1000));
    await upsert(s.id, [a1]);
    const removed = await call(t, w.therapist, 'DELETE', `${C}/sessions/${s.id}/points/`, {
      body: { keys: [{ goal_id: goal, sub_goal_id: null, trial_no: 1, ...b.stamp(2000) }] },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const [conflict] = json(await conflictsOf(s.id)).conflicts;
    expect(conflict.kept).toMatchObject({ is_deletion: true, device_id: b.id });
    expect(conflict.others).toMatchObject([{ point_id: a1.id, outcome: 'correct', device_id: a.id, is_deletion: false }]);
  });

  it('is read by whoever sees the session, and by no one else', async () => {
    const s = await freshSession(t, w);
    const goal = w.placement.goals.discrete.id;
    const a = device(`tablet-a-${randomUUID().slice(0, 6)}`);
    const b = device(`tablet-b-${randomUUID().slice(0, 6)}`);
    await upsert(s.id, [trialPoint(goal, null, 1, 'correct', a.stamp(1000))]);
    await upsert(s.id, [trialPoint(goal, null, 1, 'incorrect', b.stamp(2000))]);
    const owner = await conflictsOf(s.id, w.org.owner);
    expect(owner.statusCode, owner.body).toBe(200);
    expect(json(owner).conflicts).toHaveLength(1);
    for (const [label, actor, query] of outsidersOf(w)) {
      const res = await conflictsOf(s.id, actor, query);
      expect(res.statusCode, `${label}: ${res.body}`).toBe(404);
    }
  });
});
