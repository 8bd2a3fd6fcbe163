/**
 * Collector calls:
 * every call's success, bad input (400 with field errors, nothing written), another organization's
 * user (404, nothing written) and another therapist of the same organization (404), and the point
 * semantics the outbox relies on: key replace/add, last-writer-wins stamps, tombstones, corrections.
 */
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { LIMITS } from '../../contract/limits';
import { sql } from 'drizzle-orm';
import { rows } from '../helpers/db';
import {
  addStaff,
  call,
  describeServer,
  focusRowsOf,
  freshSession,
  useCollectorWorld,
  outsidersOf,
  pointsOf,
  stamp,
  DEVICE,
  trialPoint,
  trialStatesOf,
  type Actor,
} from '../helpers/collector-fixtures';

const { t, w } = useCollectorWorld();

const C = '/api/collector';
const json = (res: LightMyRequestResponse) => res.json() as Record<string, any>;

function expectBadInput(res: LightMyRequestResponse, field?: string) {
  expect(res.statusCode, res.body).toBe(400);
  const body = json(res);
  expect(body.code).toBe('VALIDATION_FAILED');
  expect(typeof body.detail).toBe('string');
  expect(Object.keys(body.errors ?? {}).length).toBeGreaterThan(0);
  if (field) {
    expect(
      Object.keys(body.errors).some((k) => k.includes(field)),
      JSON.stringify(body.errors),
    ).toBe(true);
  }
}
const expectNotFound = (res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBe(404);
  expect(json(res).code).toBe('NOT_FOUND');
};

const outsiders = () => outsidersOf(w);

const g = () => w.placement.goals;
const upsert = (sessionId: string, points: unknown[], actor: Actor = w.therapist, query?: Record<string, string>) =>
  call(t, actor, 'POST', `${C}/sessions/${sessionId}/points/`, { body: { points }, ...(query ? { query } : {}) });
const remove = (sessionId: string, keys: unknown[], actor: Actor = w.therapist, query?: Record<string, string>) =>
  call(t, actor, 'DELETE', `${C}/sessions/${sessionId}/points/`, { body: { keys }, ...(query ? { query } : {}) });
const live = async (sessionId: string) => (await pointsOf(t, w.org.id, sessionId)).filter((p) => p.deletedAt === null);

describeServer('GET collector session', () => {
  it('returns the session with goals, sub-goals, data, trial states and focus', async () => {
    const s = await freshSession(t, w);
    await upsert(s.id, [trialPoint(g().discrete.id, g().discrete.subGoalIds[0]!, 1, 'correct')]);
    const res = await call(t, w.therapist, 'GET', `${C}/sessions/${s.id}/`);
    expect(res.statusCode, res.body).toBe(200);
    const body = json(res);
    expect(body).toMatchObject({
      id: s.id,
      organization_id: w.org.id,
      status: 'scheduled',
      student_id: w.placement.studentId,
      trials: [],
      focus: null,
    });
    const byId = new Map(body.goals.map((goal: any) => [goal.goal_id, goal]));
    expect([...byId.keys()].sort()).toEqual([g().discrete.id, g().frequency.id, g().duration.id].sort());
    const discrete = byId.get(g().discrete.id) as any;
    expect(discrete.measurement).toBe('discrete');
    expect(discrete.prompt_hierarchy).toEqual(['full physical', 'partial physical', 'model', 'gestural', 'verbal', 'independent']);
    expect(discrete.sub_goals.map((x: any) => x.id)).toEqual(g().discrete.subGoalIds);
    expect(discrete.data).toHaveLength(1);
    expect(discrete.data[0]).toMatchObject({ trial_no: 1, outcome: 'correct', sub_goal_id: g().discrete.subGoalIds[0], original: null });
  });

  it("records who opened whose record, and refuses a front-desk member (no students.records) the student's record", async () => {
    const s = await freshSession(t, w);
    expect((await call(t, w.therapist, 'GET', `${C}/sessions/${s.id}/`)).statusCode).toBe(200);
    expect((await call(t, w.therapist, 'GET', `${C}/students/${w.placement.studentId}/history/`)).statusCode).toBe(200);
    const reads = await rows<{ user_id: string; entity_id: string; call: string; scope: Record<string, string> }>(
      t.database.db,
      sql`SELECT user_id, entity_id, call, scope FROM audit_trail
          WHERE organization_id = ${w.org.id} AND action = 'read' AND user_id = ${w.therapist.userId} ORDER BY id DESC LIMIT 2`,
    );
    expect(reads).toEqual([
      { user_id: w.therapist.userId, entity_id: w.placement.studentId, call: 'collector.studentHistory', scope: {} },
      { user_id: w.therapist.userId, entity_id: w.placement.studentId, call: 'collector.getSession', scope: { session: s.id } },
    ]);
    const frontDesk = await addStaff(t, w.org);
    expect((await call(t, frontDesk, 'GET', `${C}/sessions/${s.id}/`)).statusCode).toBe(403);
    expect((await call(t, frontDesk, 'GET', `${C}/students/${w.placement.studentId}/history/`)).statusCode).toBe(403);
  });

  it('lets the owner read any session of the organization', async () => {
    const res = await call(t, w.org.owner, 'GET', `${C}/sessions/${w.other.session.id}/`);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('answers 400 with field errors for an id that is not a uuid', async () => {
    expectBadInput(await call(t, w.therapist, 'GET', `${C}/sessions/not-a-uuid/`), 'id');
    expectBadInput(
      await call(t, w.therapist, 'GET', `${C}/sessions/${w.session.id}/`, { query: { organization_id: 'nope' } }),
      'organization_id',
    );
  });

  it.each([0, 1, 2, 3])('answers 404 to an outsider (%#)', async (i) => {
    const [, actor, query] = outsiders()[i]!;
    expectNotFound(await call(t, actor, 'GET', `${C}/sessions/${w.session.id}/`, query ? { query } : {}));
  });

  it('answers 401 without a session cookie', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${C}/sessions/${w.session.id}/` });
    expect(res.statusCode).toBe(401);
  });
});

describeServer('POST sessions/{id}/points/ (batch upsert)', () => {
  it('adds points with a new key and replaces the point with the same (goal, sub_goal, trial_no)', async () => {
    const s = await freshSession(t, w);
    const [sub1, sub2] = g().discrete.subGoalIds as [string, string];
    const first = [
      trialPoint(g().discrete.id, sub1, 1, 'correct'),
      trialPoint(g().discrete.id, sub1, 2, 'incorrect'),
      trialPoint(g().discrete.id, sub2, 1, 'prompted'),
      trialPoint(g().discrete.id, null, 1, 'no_response'),
      { ...trialPoint(g().frequency.id, null, 1, 'correct'), kind: 'frequency', outcome: null, count: 3 },
      { ...trialPoint(g().duration.id, null, 1, 'correct'), kind: 'duration', outcome: null, duration_ms: 42_000 },
    ];
    const res = await upsert(s.id, first);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({ applied: 6, stale: 0, received_ids: first.map((p) => p.id), conflicts: [] });
    expect(await live(s.id)).toHaveLength(6);

    const replacement = trialPoint(g().discrete.id, sub1, 1, 'incorrect');
    expect(json(await upsert(s.id, [replacement]))).toEqual({ applied: 1, stale: 0, received_ids: [replacement.id], conflicts: [] });
    const rows = await live(s.id);
    expect(rows).toHaveLength(6);
    const replaced = rows.filter((r) => r.goalId === g().discrete.id && r.subGoalId === sub1 && r.trialNo === 1);
    expect(replaced).toHaveLength(1);
    expect(replaced[0]).toMatchObject({ id: replacement.id, outcome: 'incorrect' });
    expect(rows.find((r) => r.goalId === g().frequency.id)).toMatchObject({ kind: 'frequency', count: 3 });
    expect(rows.find((r) => r.goalId === g().duration.id)).toMatchObject({ kind: 'duration', durationMs: 42_000 });
  });

  it("orders one device's writes by device_seq whatever the clock: a lower seq is refused (409, nothing stored), the same write again changes nothing", async () => {
    const s = await freshSession(t, w);
    const sub = g().discrete.subGoalIds[0]!;
    const newer = trialPoint(g().discrete.id, sub, 1, 'correct', stamp('2031-02-01T10:00:05.000Z', 'tablet-A', 20));
    await upsert(s.id, [newer]);
    const laterTimeLowerSeq = trialPoint(g().discrete.id, sub, 1, 'incorrect', stamp('2031-02-01T13:00:00.000Z', 'tablet-A', 19));
    const other = trialPoint(g().discrete.id, sub, 2, 'correct', stamp('2031-02-01T10:00:06.000Z', 'tablet-A', 21));
    const refused = await upsert(s.id, [other, laterTimeLowerSeq]);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(json(refused)).toMatchObject({ code: 'STALE_WRITE', detail: 'A newer change to this trial from this device is already saved.' });
    expect(json(await upsert(s.id, [newer]))).toEqual({ applied: 0, stale: 0, received_ids: [newer.id], conflicts: [] });
    const rows = await live(s.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: newer.id, outcome: 'correct', deviceSeq: 20 });
    expect(rows[0]!.recordedAt.toISOString()).toBe('2031-02-01T10:00:05.000Z');
  });

  it('keeps the newest write when a batch names the same key twice, whatever the order', async () => {
    const s = await freshSession(t, w);
    const sub = g().discrete.subGoalIds[1]!;
    // The device's clock went back between the two taps: its sequence still orders them.
    const newest = trialPoint(g().discrete.id, sub, 4, 'correct', stamp('2031-02-02T09:00:01Z', DEVICE, 501));
    const oldest = trialPoint(g().discrete.id, sub, 4, 'incorrect', stamp('2031-02-02T09:00:02Z', DEVICE, 500));
    const res = await upsert(s.id, [newest, oldest]);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({ applied: 1, stale: 0, received_ids: [newest.id, oldest.id], conflicts: [] });
    expect(await live(s.id)).toMatchObject([{ id: newest.id, outcome: 'correct' }]);
  });

  it(`accepts ${LIMITS.pointsPerBatch} points in one batch and refuses ${LIMITS.pointsPerBatch + 1} without writing`, async () => {
    const s = await freshSession(t, w);
    const batch = (n: number) => Array.from({ length: n }, (_, i) => trialPoint(g().discrete.id, null, i + 1, 'correct'));
    expectBadInput(await upsert(s.id, batch(LIMITS.pointsPerBatch + 1)), 'points');
    expect(await pointsOf(t, w.org.id, s.id)).toHaveLength(0);
    const res = await upsert(s.id, batch(LIMITS.pointsPerBatch));
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ applied: 500, stale: 0, conflicts: [] });
    expect(json(res).received_ids).toHaveLength(500);
    expect(await live(s.id)).toHaveLength(500);
  });

  it.each([
    ['an empty batch', () => ({ points: [] }), 'points'],
    ['no points field', () => ({}), 'points'],
    ['an unknown outcome', () => ({ points: [{ ...trialPoint(g().discrete.id, null, 1, 'correct'), outcome: 'great' }] }), 'outcome'],
    ['trial_no 0', () => ({ points: [trialPoint(g().discrete.id, null, 0, 'correct')] }), 'trial_no'],
    ['a point id that is not a uuid', () => ({ points: [{ ...trialPoint(g().discrete.id, null, 1, 'correct'), id: 'p-1' }] }), 'id'],
    [
      'a recorded_at without a zone',
      () => ({ points: [{ ...trialPoint(g().discrete.id, null, 1, 'correct'), recorded_at: '2031-01-01 10:00' }] }),
      'recorded_at',
    ],
    ['a short device id', () => ({ points: [{ ...trialPoint(g().discrete.id, null, 1, 'correct'), device_id: 'x' }] }), 'device_id'],
    ['a negative device_seq', () => ({ points: [{ ...trialPoint(g().discrete.id, null, 1, 'correct'), device_seq: -1 }] }), 'device_seq'],
  ])('answers 400 to %s and writes nothing', async (_name, body, field) => {
    const s = await freshSession(t, w);
    expectBadInput(await call(t, w.therapist, 'POST', `${C}/sessions/${s.id}/points/`, { body: body() }), field);
    expect(await pointsOf(t, w.org.id, s.id)).toHaveLength(0);
  });

  it("refuses the whole batch (400, nothing written) when one point's kind does not match its goal's measurement", async () => {
    const s = await freshSession(t, w);
    const good = trialPoint(g().discrete.id, null, 1, 'correct');
    for (const bad of [
      { ...trialPoint(g().frequency.id, null, 1, 'correct') },
      { ...trialPoint(g().discrete.id, null, 2, 'correct'), kind: 'duration', duration_ms: 5 },
      { ...trialPoint(g().duration.id, null, 1, 'correct'), kind: 'frequency', count: 1 },
    ]) {
      const res = await upsert(s.id, [good, bad]);
      expectBadInput(res, 'points.1.kind');
    }
    expect(await pointsOf(t, w.org.id, s.id)).toHaveLength(0);
  });

  it("answers 400 for a goal of another student, another organization's goal and a sub-goal of another goal", async () => {
    const s = await freshSession(t, w);
    const cases: [unknown, string][] = [
      [trialPoint(w.other.placement.goals.discrete.id, null, 1, 'correct'), 'points.0.goal_id'],
      [trialPoint(w.orgB.placement.goals.discrete.id, null, 1, 'correct'), 'points.0.goal_id'],
      [trialPoint(randomUUID(), null, 1, 'correct'), 'points.0.goal_id'],
      [trialPoint(g().discrete.id, w.other.placement.goals.discrete.subGoalIds[0]!, 1, 'correct'), 'points.0.sub_goal_id'],
    ];
    for (const [point, field] of cases) {
      expectBadInput(await upsert(s.id, [point]), field);
    }
    expect(await pointsOf(t, w.org.id, s.id)).toHaveLength(0);
  });

  it.each([0, 1, 2, 3])('answers 404 to an outsider and writes nothing (%#)', async (i) => {
    const [, actor, query] = outsiders()[i]!;
    // Outsiders send points for goals of the session's own student, so only access can refuse them.
    expectNotFound(await upsert(w.session.id, [trialPoint(g().discrete.id, null, 77, 'correct')], actor, query));
    expect((await pointsOf(t, w.org.id, w.session.id)).filter((p) => p.trialNo === 77)).toHaveLength(0);
  });

  it('refuses a client id reused under another key (400 within a batch, 409 when stored), writing nothing', async () => {
    const s = await freshSession(t, w);
    const s2 = await freshSession(t, w);
    const p = trialPoint(g().discrete.id, null, 1, 'correct', stamp('2031-02-03T10:00:00Z'));
    await upsert(s.id, [p]);
    const before = await pointsOf(t, w.org.id, s.id);
    const otherKey = await upsert(s.id, [{ ...p, trial_no: 2, ...stamp('2031-02-03T10:00:01Z') }]);
    expect([otherKey.statusCode, json(otherKey).code], otherKey.body).toEqual([409, 'CONFLICT']);
    expect(json(otherKey).errors).toBeDefined();
    const otherSession = await upsert(s2.id, [{ ...p, ...stamp('2031-02-03T10:00:02Z') }]);
    expect([otherSession.statusCode, json(otherSession).code]).toEqual([409, 'CONFLICT']);
    const q = trialPoint(g().discrete.id, null, 5, 'correct');
    expectBadInput(await upsert(s.id, [q, { ...q, trial_no: 6 }]), 'points.1.id');
    expect(await pointsOf(t, w.org.id, s.id)).toEqual(before);
    expect(await pointsOf(t, w.org.id, s2.id)).toHaveLength(0);
  });

  it('answers 404 for a session that does not exist', async () => {
    expectNotFound(await upsert(randomUUID(), [trialPoint(g().discrete.id, null, 1, 'correct')]));
  });

  it('still records points after the session ended (late entry)', async () => {
    const s = await freshSession(t, w);
    const started = await call(t, w.therapist, 'POST', `/api/scheduling/therasessions/${s.id}/start/`, { body: {} });
    expect(started.statusCode, started.body).toBe(200);
    const ended = await call(t, w.therapist, 'POST', `/api/scheduling/therasessions/${s.id}/end/`, {
      body: { action: 'completed', client_now: new Date().toISOString() },
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(json(await upsert(s.id, [trialPoint(g().discrete.id, null, 1, 'correct')]))).toMatchObject({
      applied: 1,
      stale: 0,
      conflicts: [],
    });
  });
});

describeServer('POST datapoints/ (single upsert)', () => {
  const single = (sessionId: string, point: object, actor: Actor = w.therapist, query?: Record<string, string>) =>
    call(t, actor, 'POST', `${C}/datapoints/`, { body: { ...point, session_id: sessionId }, ...(query ? { query } : {}) });

  it('adds, replaces by key, and refuses an older write of the same device (409)', async () => {
    const s = await freshSession(t, w);
    const first = trialPoint(g().discrete.id, null, 1, 'correct', stamp('2031-03-01T10:00:00Z'));
    expect(json(await single(s.id, first))).toEqual({ applied: 1, stale: 0, received_ids: [first.id], conflicts: [] });
    const second = trialPoint(g().discrete.id, null, 1, 'prompted', stamp('2031-03-01T10:00:01Z'));
    expect(json(await single(s.id, second))).toEqual({ applied: 1, stale: 0, received_ids: [second.id], conflicts: [] });
    const again = await single(s.id, first);
    expect(again.statusCode, again.body).toBe(409);
    expect(json(again).code).toBe('STALE_WRITE');
    expect(await live(s.id)).toMatchObject([{ id: second.id, outcome: 'prompted', promptLevel: 'model' }]);
  });

  it('answers 400 without session_id, for a wrong kind and for a bad count, writing nothing', async () => {
    const s = await freshSession(t, w);
    expectBadInput(
      await call(t, w.therapist, 'POST', `${C}/datapoints/`, { body: trialPoint(g().discrete.id, null, 1, 'correct') }),
      'session_id',
    );
    expectBadInput(await single(s.id, { ...trialPoint(g().frequency.id, null, 1, 'correct') }), 'kind');
    expectBadInput(await single(s.id, { ...trialPoint(g().frequency.id, null, 1, 'correct'), kind: 'frequency', count: -1 }), 'count');
    expect(await pointsOf(t, w.org.id, s.id)).toHaveLength(0);
  });

  it.each([0, 1, 2, 3])('answers 404 to an outsider and writes nothing (%#)', async (i) => {
    const [, actor, query] = outsiders()[i]!;
    expectNotFound(await single(w.session.id, trialPoint(g().discrete.id, null, 78, 'correct'), actor, query));
    expect((await pointsOf(t, w.org.id, w.session.id)).filter((p) => p.trialNo === 78)).toHaveLength(0);
  });
});

describeServer('DELETE sessions/{id}/points/ (tombstones)', () => {
  const key = (trialNo: number, at: ReturnType<typeof stamp>) => ({
    goal_id: g().discrete.id,
    sub_goal_id: null,
    trial_no: trialNo,
    ...at,
  });

  it('hides a deleted point; an older upsert cannot revive it, a newer one can', async () => {
    const s = await freshSession(t, w);
    const olderUpsert = trialPoint(g().discrete.id, null, 1, 'incorrect', stamp('2031-04-01T10:00:05Z'));
    await upsert(s.id, [trialPoint(g().discrete.id, null, 1, 'correct', stamp('2031-04-01T10:00:00Z'))]);
    const del = await remove(s.id, [key(1, stamp('2031-04-01T10:00:10Z'))]);
    expect(del.statusCode, del.body).toBe(200);
    expect(json(del)).toEqual({ applied: 1, stale: 0, received: 1 });
    const session = json(await call(t, w.therapist, 'GET', `${C}/sessions/${s.id}/`));
    expect(session.goals.find((x: any) => x.goal_id === g().discrete.id).data).toEqual([]);
    const rows = await pointsOf(t, w.org.id, s.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.deletedAt).not.toBeNull();

    expect((await upsert(s.id, [olderUpsert])).statusCode).toBe(409);
    // Another device's write stamped before the delete loses too, and is kept as an observation.
    const otherDevice = trialPoint(g().discrete.id, null, 1, 'incorrect', stamp('2031-04-01T10:00:06Z', 'tablet-other'));
    expect(json(await upsert(s.id, [otherDevice]))).toEqual({
      applied: 0,
      stale: 0,
      received_ids: [otherDevice.id],
      conflicts: [otherDevice.id],
    });
    expect(await live(s.id)).toHaveLength(0);

    const revived = trialPoint(g().discrete.id, null, 1, 'prompted', stamp('2031-04-01T10:00:20Z'));
    expect(json(await upsert(s.id, [revived]))).toMatchObject({ applied: 1, stale: 0, conflicts: [] });
    expect(await live(s.id)).toMatchObject([{ id: revived.id, outcome: 'prompted' }]);
  });

  it('keeps a tombstone for a point that never arrived, so its late upsert stays deleted', async () => {
    const s = await freshSession(t, w);
    const late = trialPoint(g().discrete.id, null, 3, 'correct', stamp('2031-04-02T10:00:00Z'));
    expect(json(await remove(s.id, [key(3, stamp('2031-04-02T10:00:10Z'))]))).toEqual({ applied: 1, stale: 0, received: 1 });
    expect((await upsert(s.id, [late])).statusCode).toBe(409);
    expect(await live(s.id)).toHaveLength(0);
  });

  it('does not delete a point written after the delete was stamped (409 for the same device)', async () => {
    const s = await freshSession(t, w);
    const earlierDelete = key(2, stamp('2031-04-03T10:00:00Z'));
    const point = trialPoint(g().discrete.id, null, 2, 'correct', stamp('2031-04-03T10:00:10Z'));
    await upsert(s.id, [point]);
    const refused = await remove(s.id, [earlierDelete]);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(json(refused).code).toBe('STALE_WRITE');
    expect(await live(s.id)).toMatchObject([{ id: point.id }]);
  });

  it("answers 400 for bad keys and keys of another student's goal, deleting nothing", async () => {
    const s = await freshSession(t, w);
    await upsert(s.id, [trialPoint(g().discrete.id, null, 1, 'correct', stamp('2031-04-04T10:00:00Z'))]);
    expectBadInput(await remove(s.id, []), 'keys');
    expectBadInput(await remove(s.id, [{ ...key(1, stamp()), trial_no: 'one' }]), 'trial_no');
    expectBadInput(
      await remove(s.id, [key(1, stamp()), { ...key(1, stamp()), goal_id: w.other.placement.goals.discrete.id }]),
      'keys.1.goal_id',
    );
    expect(await live(s.id)).toHaveLength(1);
    expect(await pointsOf(t, w.org.id, s.id)).toHaveLength(1);
  });

  it.each([0, 1, 2, 3])('answers 404 to an outsider and deletes nothing (%#)', async (i) => {
    const s = await freshSession(t, w);
    await upsert(s.id, [trialPoint(g().discrete.id, null, 1, 'correct', stamp('2031-04-05T10:00:00Z'))]);
    const [, actor, query] = outsiders()[i]!;
    expectNotFound(await remove(s.id, [key(1, stamp('2031-04-05T11:00:00Z'))], actor, query));
    expect(await live(s.id)).toHaveLength(1);
  });
});

describeServer('POST datapoints/{id}/correct/', () => {
  const correct = (id: string, body: object, actor: Actor = w.therapist, query?: Record<string, string>) =>
    call(t, actor, 'POST', `${C}/datapoints/${id}/correct/`, { body, ...(query ? { query } : {}) });

  it('corrects a point and keeps the first original across two corrections', async () => {
    const s = await freshSession(t, w);
    const point = trialPoint(g().discrete.id, null, 1, 'incorrect', stamp('2031-05-01T10:00:00Z'));
    await upsert(s.id, [point]);
    const first = await correct(point.id, { outcome: 'prompted', prompt_level: 'gestural', ...stamp('2031-05-01T10:05:00Z') });
    expect(first.statusCode, first.body).toBe(200);
    expect(json(first)).toMatchObject({
      id: point.id,
      outcome: 'prompted',
      prompt_level: 'gestural',
      original: { outcome: 'incorrect', prompt_level: null, recorded_at: '2031-05-01T10:00:00.000Z' },
    });
    expect(json(first).corrected_at).not.toBeNull();
    const second = await correct(point.id, { outcome: 'correct', prompt_level: null, ...stamp('2031-05-01T10:06:00Z') });
    expect(json(second)).toMatchObject({
      outcome: 'correct',
      prompt_level: null,
      original: { outcome: 'incorrect', recorded_at: '2031-05-01T10:00:00.000Z' },
    });
    const [row] = await live(s.id);
    expect(row).toMatchObject({ outcome: 'correct', original: { outcome: 'incorrect' } });
  });

  it('refuses a correction that does not fit the point (a count on a trial) and changes nothing', async () => {
    const s = await freshSession(t, w);
    const point = trialPoint(g().discrete.id, null, 1, 'incorrect', stamp('2031-05-02T10:00:00Z'));
    await upsert(s.id, [point]);
    const res = await correct(point.id, { count: 3, ...stamp('2031-05-02T10:05:00Z') });
    expect(res.statusCode, res.body).toBe(400);
    expect(json(res).errors).toHaveProperty('count');
    const [row] = await live(s.id);
    expect(row).toMatchObject({ outcome: 'incorrect', count: null, correctedAt: null, original: null });
  });

  it('refuses (409) a correction older than the stored value from the same device, and an older upsert after it', async () => {
    const s = await freshSession(t, w);
    const point = trialPoint(g().discrete.id, null, 1, 'incorrect', stamp('2031-05-02T10:00:00Z'));
    await upsert(s.id, [point]);
    const earlier = stamp('2031-05-02T10:05:00Z');
    const fix = { outcome: 'correct', ...stamp('2031-05-02T10:10:00Z') };
    await correct(point.id, fix);
    const stale = await correct(point.id, { outcome: 'no_response', ...earlier });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(json(stale).code).toBe('STALE_WRITE');
    // The same correction again (a replay) answers the point as it is.
    expect(json(await correct(point.id, fix))).toMatchObject({ outcome: 'correct', original: { outcome: 'incorrect' } });
    expect((await upsert(s.id, [point])).statusCode).toBe(409);
    expect(await live(s.id)).toMatchObject([{ outcome: 'correct' }]);
  });

  it('answers 400 for bad values and 404 for an unknown or deleted point, changing nothing', async () => {
    const s = await freshSession(t, w);
    const point = trialPoint(g().discrete.id, null, 1, 'incorrect', stamp('2031-05-03T10:00:00Z'));
    await upsert(s.id, [point]);
    const before = await pointsOf(t, w.org.id, s.id);
    expectBadInput(await correct(point.id, { outcome: 'maybe', ...stamp() }), 'outcome');
    expectBadInput(await correct(point.id, { outcome: 'correct' }), 'recorded_at');
    expectBadInput(await correct('nope', { outcome: 'correct', ...stamp() }), 'id');
    expectNotFound(await correct(randomUUID(), { outcome: 'correct', ...stamp() }));
    expect(await pointsOf(t, w.org.id, s.id)).toEqual(before);
    await remove(s.id, [{ goal_id: g().discrete.id, sub_goal_id: null, trial_no: 1, ...stamp('2031-05-03T11:00:00Z') }]);
    expectNotFound(await correct(point.id, { outcome: 'correct', ...stamp('2031-05-03T12:00:00Z') }));
  });

  it.each([0, 1, 2, 3])('answers 404 to an outsider and changes nothing (%#)', async (i) => {
    const s = await freshSession(t, w);
    const point = trialPoint(g().discrete.id, null, 1, 'incorrect', stamp('2031-05-04T10:00:00Z'));
    await upsert(s.id, [point]);
    const before = await pointsOf(t, w.org.id, s.id);
    const [, actor, query] = outsiders()[i]!;
    expectNotFound(await correct(point.id, { outcome: 'correct', ...stamp('2031-05-04T11:00:00Z') }, actor, query));
    expect(await pointsOf(t, w.org.id, s.id)).toEqual(before);
  });
});

describeServer('trials: current, start next, complete', () => {
  const current = (sessionId: string, goalId: string, subGoalId?: string, actor: Actor = w.therapist, extra: Record<string, string> = {}) =>
    call(t, actor, 'GET', `${C}/trials/current/`, {
      query: { session_id: sessionId, goal_id: goalId, ...(subGoalId ? { sub_goal_id: subGoalId } : {}), ...extra },
    });
  const move = (what: 'start-next' | 'complete', body: object, actor: Actor = w.therapist, query?: Record<string, string>) =>
    call(t, actor, 'POST', `${C}/trials/${what}/`, { body, ...(query ? { query } : {}) });

  it('defaults to trial 1, open; takes the device trial numbers; a replay changes nothing, an older write is refused', async () => {
    const s = await freshSession(t, w);
    const [sub] = g().discrete.subGoalIds as [string];
    const target = { session_id: s.id, goal_id: g().discrete.id, sub_goal_id: sub };
    expect(json(await current(s.id, g().discrete.id, sub))).toEqual({
      goal_id: g().discrete.id,
      sub_goal_id: sub,
      trial_no: 1,
      status: 'open',
    });

    const first = stamp('2031-06-01T10:00:01Z');
    const second = stamp('2031-06-01T10:00:02Z');
    const done = await move('complete', { ...target, trial_no: 1, ...first });
    expect(done.statusCode, done.body).toBe(200);
    expect(json(done)).toMatchObject({ trial_no: 1, status: 'completed' });
    const next = await move('start-next', { ...target, trial_no: 2, ...second });
    expect(json(next)).toMatchObject({ trial_no: 2, status: 'open' });
    // A device that jumped ahead (e.g. trials recorded offline) is believed.
    expect(json(await move('start-next', { ...target, trial_no: 7, ...stamp('2031-06-01T10:00:03Z') }))).toMatchObject({
      trial_no: 7,
      status: 'open',
    });
    // The earlier taps sent again are older writes of the same device: refused, nothing changes.
    const replay = await move('complete', { ...target, trial_no: 1, ...first });
    expect(replay.statusCode, replay.body).toBe(409);
    expect(json(replay).code).toBe('STALE_WRITE');
    expect((await move('start-next', { ...target, trial_no: 2, ...second })).statusCode).toBe(409);
    expect(json(await current(s.id, g().discrete.id, sub))).toMatchObject({ trial_no: 7, status: 'open' });

    // Each sub-goal and the goal itself keep their own trial.
    expect(json(await current(s.id, g().discrete.id))).toEqual({
      goal_id: g().discrete.id,
      sub_goal_id: null,
      trial_no: 1,
      status: 'open',
    });
    const states = await trialStatesOf(t, w.org.id, s.id);
    expect(states).toHaveLength(1);
    expect(states[0]).toMatchObject({ subGoalKey: sub, trialNo: 7, status: 'open' });
    const session = json(await call(t, w.therapist, 'GET', `${C}/sessions/${s.id}/`));
    expect(session.trials).toEqual([{ goal_id: g().discrete.id, sub_goal_id: sub, trial_no: 7, status: 'open' }]);
  });

  it('answers 400 for bad input and a goal of another student, writing nothing', async () => {
    const s = await freshSession(t, w);
    const target = { session_id: s.id, goal_id: g().discrete.id, sub_goal_id: null };
    expectBadInput(await current(s.id, 'nope'), 'goal_id');
    expectBadInput(await call(t, w.therapist, 'GET', `${C}/trials/current/`, { query: { goal_id: g().discrete.id } }), 'session_id');
    expectBadInput(await current(s.id, w.other.placement.goals.discrete.id), 'goal_id');
    expectBadInput(await move('start-next', { ...target, trial_no: 0, ...stamp() }), 'trial_no');
    expectBadInput(await move('complete', { ...target, trial_no: 2 }), 'recorded_at');
    expectBadInput(
      await move('start-next', { ...target, goal_id: w.orgB.placement.goals.discrete.id, trial_no: 2, ...stamp() }),
      'goal_id',
    );
    expectBadInput(
      await move('start-next', { ...target, sub_goal_id: w.other.placement.goals.discrete.subGoalIds[0], trial_no: 2, ...stamp() }),
      'sub_goal_id',
    );
    expect(await trialStatesOf(t, w.org.id, s.id)).toHaveLength(0);
  });

  it.each([0, 1, 2, 3])('answers 404 to an outsider and writes nothing (%#)', async (i) => {
    const [, actor, query] = outsiders()[i]!;
    const target = { session_id: w.session.id, goal_id: g().discrete.id, sub_goal_id: null };
    expectNotFound(await current(w.session.id, g().discrete.id, undefined, actor, query ?? {}));
    expectNotFound(await move('start-next', { ...target, trial_no: 5, ...stamp() }, actor, query));
    expectNotFound(await move('complete', { ...target, trial_no: 5, ...stamp() }, actor, query));
    expect(await trialStatesOf(t, w.org.id, w.session.id)).toHaveLength(0);
  });
});

describeServer('focus start/stop', () => {
  const focus = (sessionId: string, what: 'start' | 'stop', body: object, actor: Actor = w.therapist, query?: Record<string, string>) =>
    call(t, actor, 'POST', `${C}/sessions/${sessionId}/focus/${what}/`, { body, ...(query ? { query } : {}) });

  it('focuses on a goal or sub-goal, stops, and refuses an older write of the same device', async () => {
    const s = await freshSession(t, w);
    const sub = g().discrete.subGoalIds[1]!;
    const firstStamp = stamp('2031-07-01T10:00:00Z');
    const started = await focus(s.id, 'start', { goal_id: g().discrete.id, sub_goal_id: sub, ...firstStamp });
    expect(started.statusCode, started.body).toBe(200);
    expect(json(started)).toEqual({ focus: { goal_id: g().discrete.id, sub_goal_id: sub, started_at: '2031-07-01T10:00:00.000Z' } });
    expect(json(await call(t, w.therapist, 'GET', `${C}/sessions/${s.id}/`)).focus).toMatchObject({
      goal_id: g().discrete.id,
      sub_goal_id: sub,
    });

    const moved = await focus(s.id, 'start', { goal_id: g().frequency.id, ...stamp('2031-07-01T10:01:00Z') });
    expect(json(moved)).toEqual({ focus: { goal_id: g().frequency.id, sub_goal_id: null, started_at: '2031-07-01T10:01:00.000Z' } });

    const stopped = await focus(s.id, 'stop', stamp('2031-07-01T10:02:00Z'));
    expect(json(stopped)).toEqual({ focus: null });
    // The first start arriving late does not bring the focus back: it is refused.
    const late = await focus(s.id, 'start', { goal_id: g().discrete.id, sub_goal_id: sub, ...firstStamp });
    expect(late.statusCode, late.body).toBe(409);
    expect(json(late).code).toBe('STALE_WRITE');
    expect(json(await call(t, w.therapist, 'GET', `${C}/sessions/${s.id}/`)).focus).toBeNull();
    expect(await focusRowsOf(t, w.org.id, s.id)).toHaveLength(1);
  });

  it('answers 400 for bad input and a goal of another student, writing nothing', async () => {
    const s = await freshSession(t, w);
    expectBadInput(await focus(s.id, 'start', { goal_id: 'x', ...stamp() }), 'goal_id');
    expectBadInput(await focus(s.id, 'start', { goal_id: w.other.placement.goals.discrete.id, ...stamp() }), 'goal_id');
    expectBadInput(await focus(s.id, 'stop', {}), 'recorded_at');
    expectBadInput(await focus('nope', 'stop', stamp()), 'id');
    expect(await focusRowsOf(t, w.org.id, s.id)).toHaveLength(0);
  });

  it.each([0, 1, 2, 3])('answers 404 to an outsider and writes nothing (%#)', async (i) => {
    const [, actor, query] = outsiders()[i]!;
    expectNotFound(await focus(w.session.id, 'start', { goal_id: g().discrete.id, ...stamp() }, actor, query));
    expectNotFound(await focus(w.session.id, 'stop', stamp(), actor, query));
    expect(await focusRowsOf(t, w.org.id, w.session.id)).toHaveLength(0);
  });
});

describeServer("GET students/{id}/history/ (percent correct over the student's sessions)", () => {
  const history = (studentId: string, actor: Actor = w.therapist, query: Record<string, string> = {}) =>
    call(t, actor, 'GET', `${C}/students/${studentId}/history/`, { query });

  it('counts trials and correct-or-prompted answers per session and goal, oldest first', async () => {
    const placement = w.placement;
    const s1 = await freshSession(t, w);
    const s2 = await freshSession(t, w);
    await upsert(s1.id, [
      trialPoint(placement.goals.discrete.id, null, 1, 'correct'),
      trialPoint(placement.goals.discrete.id, null, 2, 'prompted'),
      trialPoint(placement.goals.discrete.id, null, 3, 'incorrect'),
      trialPoint(placement.goals.discrete.id, null, 4, 'no_response'),
    ]);
    await upsert(s2.id, [trialPoint(placement.goals.discrete.id, null, 1, 'correct')]);
    const res = await history(placement.studentId, w.therapist, { limit: '50' });
    expect(res.statusCode, res.body).toBe(200);
    const rows = json(res).results as any[];
    const r1 = rows.find((r) => r.session_id === s1.id);
    const r2 = rows.find((r) => r.session_id === s2.id);
    expect(r1).toMatchObject({ goal_id: placement.goals.discrete.id, trials: 4, percent_correct: 50 });
    expect(r2).toMatchObject({ trials: 1, percent_correct: 100 });
    expect(rows.indexOf(r1)).toBeLessThan(rows.indexOf(r2));
  });

  it('answers 400 for a bad student id or limit', async () => {
    expectBadInput(await history('nope'), 'studentId');
    expectBadInput(await history(w.placement.studentId, w.therapist, { limit: '0' }), 'limit');
    expectBadInput(await history(w.placement.studentId, w.therapist, { limit: '51' }), 'limit');
  });

  it('lets the owner read any student of the organization, and answers 404 for an unknown student', async () => {
    expect((await history(w.other.placement.studentId, w.org.owner)).statusCode).toBe(200);
    expectNotFound(await history(randomUUID(), w.org.owner));
    expectNotFound(await history(w.orgB.placement.studentId, w.org.owner));
  });

  it.each([0, 1, 2, 3])("answers 404 to an outsider asking for org A's student (%#)", async (i) => {
    const [, actor, query] = outsiders()[i]!;
    expectNotFound(await history(w.placement.studentId, actor, query ?? {}));
  });
});
