/**
 * Idempotency-Key on the collector's mutating calls:
 * the same key and body answer the stored response (Idempotent-Replayed: true) with no second
 * effect; another body is a 422; concurrent duplicates give exactly one effect, every other answer
 * being the stored one or 409 IDEMPOTENCY_IN_PROGRESS; records are per organization and user.
 */
import { expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { addMembership } from '../../server/features/memberships/service-admin';
import { idempotencyRecords } from '../../server/db/schema/collector';
import { pruneIdempotencyRecords } from '../../server/plugins/idempotency';
import {
  call,
  describeServer,
  freshSession,
  idempotencyRecordsOf,
  newKey,
  useCollectorWorld,
  pointsOf,
  sessionRow,
  stamp,
  trialPoint,
  usagesOf,
} from '../helpers/collector-fixtures';
import { asOwner } from '../helpers/system-context';

const { t, w } = useCollectorWorld();

const C = '/api/collector';
const S = '/api/scheduling/therasessions';
const W = '/api/tenant-management/organization/workspace';
const json = (res: LightMyRequestResponse) => res.json() as Record<string, any>;
const replayed = (res: LightMyRequestResponse) => res.headers['idempotent-replayed'] === 'true';
const g = () => w.placement.goals;
const batch = (n: number, day = '2031-08-01') =>
  Array.from({ length: n }, (_, i) =>
    trialPoint(
      g().discrete.id,
      g().discrete.subGoalIds[i % 2]!,
      Math.floor(i / 2) + 1,
      i % 3 ? 'correct' : 'prompted',
      stamp(`${day}T10:00:00Z`, 'tablet-idem', i),
    ),
  );
const postPoints = (sessionId: string, points: unknown[], key?: string) =>
  call(t, w.therapist, 'POST', `${C}/sessions/${sessionId}/points/`, {
    body: { points },
    query: { organization_id: w.org.id },
    ...(key ? { key } : {}),
  });

/** Every answer of a storm: 2xx with the one stored body, or 409 IDEMPOTENCY_IN_PROGRESS. */
function expectOneAnswer(answers: LightMyRequestResponse[], status: number) {
  const ok = answers.filter((r) => r.statusCode === status);
  const busy = answers.filter((r) => r.statusCode === 409);
  expect(ok.length + busy.length, answers.map((r) => `${r.statusCode} ${r.body}`).join('\n')).toBe(answers.length);
  expect(ok.length).toBeGreaterThanOrEqual(1);
  expect(new Set(ok.map((r) => JSON.stringify(json(r)))).size).toBe(1);
  expect(ok.filter((r) => !replayed(r))).toHaveLength(1);
  expect(busy.every((r) => json(r).code === 'IDEMPOTENCY_IN_PROGRESS')).toBe(true);
  return json(ok[0]!);
}

describeServer('same key, same body: the stored response, no second effect', () => {
  it('replays a batch: same answer, header set, rows unchanged including received_at', async () => {
    const s = await freshSession(t, w);
    const key = newKey();
    const points = batch(20);
    const first = await postPoints(s.id, points, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(replayed(first)).toBe(false);
    expect(json(first)).toEqual({ applied: 20, stale: 0, received_ids: points.map((p) => p.id), conflicts: [] });
    const before = await pointsOf(t, w.org.id, s.id);
    await new Promise((r) => setTimeout(r, 20));
    const again = await postPoints(s.id, points, key);
    expect(again.statusCode).toBe(200);
    expect(replayed(again)).toBe(true);
    expect(json(again)).toEqual(json(first));
    expect(await pointsOf(t, w.org.id, s.id)).toEqual(before);
    expect(await idempotencyRecordsOf(t, w.therapist.userId).then((r) => r.filter((x) => x.key === key))).toHaveLength(1);
  });

  it('replaying a whole batch with a new key (record gone) changes nothing either: the same writes again', async () => {
    const s = await freshSession(t, w);
    const points = batch(30, '2031-08-02');
    await postPoints(s.id, points, newKey());
    const before = await pointsOf(t, w.org.id, s.id);
    await new Promise((r) => setTimeout(r, 20));
    const again = await postPoints(s.id, points, newKey());
    expect(json(again)).toEqual({ applied: 0, stale: 0, received_ids: points.map((p) => p.id), conflicts: [] });
    expect(replayed(again)).toBe(false);
    const after = await pointsOf(t, w.org.id, s.id);
    expect(after).toEqual(before);
    expect(after.map((p) => p.receivedAt.toISOString())).toEqual(before.map((p) => p.receivedAt.toISOString()));
  });

  it('replays a session start with its stored 200 (not ALREADY_STARTED) and a workspace open with its 201', async () => {
    const s = await freshSession(t, w);
    const key = newKey();
    const body = { client_now: new Date(Date.now() - 60_000).toISOString() };
    const first = await call(t, w.therapist, 'POST', `${S}/${s.id}/start/`, { body, key });
    expect(first.statusCode, first.body).toBe(200);
    const row = await sessionRow(t, w.org.id, s.id);
    const again = await call(t, w.therapist, 'POST', `${S}/${s.id}/start/`, { body, key });
    expect([again.statusCode, replayed(again)]).toEqual([200, true]);
    expect(json(again)).toEqual(json(first));
    expect(await sessionRow(t, w.org.id, s.id)).toEqual(row);

    const openKey = newKey();
    const opened = await call(t, w.therapist, 'POST', `${W}/open/`, { body: { membership_id: w.therapist.membershipId }, key: openKey });
    expect(opened.statusCode).toBe(201);
    const count = (await usagesOf(t, w.org.id)).length;
    const reopened = await call(t, w.therapist, 'POST', `${W}/open/`, { body: { membership_id: w.therapist.membershipId }, key: openKey });
    expect([reopened.statusCode, replayed(reopened)]).toEqual([201, true]);
    expect(json(reopened)).toEqual(json(opened));
    expect((await usagesOf(t, w.org.id)).length).toBe(count);
  });

  it('replays an end and a correction without applying them twice', async () => {
    const s = await freshSession(t, w);
    await call(t, w.therapist, 'POST', `${S}/${s.id}/start/`, { body: {} });
    const point = trialPoint(g().discrete.id, null, 1, 'incorrect', stamp('2031-08-03T10:00:00Z'));
    await postPoints(s.id, [point]);
    const fix = { outcome: 'correct', ...stamp('2031-08-03T10:01:00Z') };
    const key = newKey();
    const corrected = await call(t, w.therapist, 'POST', `${C}/datapoints/${point.id}/correct/`, { body: fix, key });
    const again = await call(t, w.therapist, 'POST', `${C}/datapoints/${point.id}/correct/`, { body: fix, key });
    expect([again.statusCode, replayed(again)]).toEqual([200, true]);
    expect(json(again)).toEqual(json(corrected));

    const endBody = { action: 'completed', note: ' done ', client_now: new Date().toISOString() };
    const endKey = newKey();
    const ended = await call(t, w.therapist, 'POST', `${S}/${s.id}/end/`, { body: endBody, key: endKey });
    expect(ended.statusCode, ended.body).toBe(200);
    const endAgain = await call(t, w.therapist, 'POST', `${S}/${s.id}/end/`, { body: endBody, key: endKey });
    expect([endAgain.statusCode, replayed(endAgain)]).toEqual([200, true]);
    expect(json(endAgain)).toEqual(json(ended));
  });
});

describeServer('same key, another request: 422', () => {
  it('answers 422 IDEMPOTENCY_KEY_REUSED for another body or another path, changing nothing', async () => {
    const s = await freshSession(t, w);
    const key = newKey();
    await postPoints(s.id, batch(4, '2031-08-04'), key);
    const before = await pointsOf(t, w.org.id, s.id);
    const otherBody = await postPoints(s.id, batch(6, '2031-08-05'), key);
    expect(otherBody.statusCode, otherBody.body).toBe(422);
    expect(json(otherBody).code).toBe('IDEMPOTENCY_KEY_REUSED');
    const otherPath = await call(t, w.therapist, 'POST', `${C}/sessions/${s.id}/focus/stop/`, {
      body: stamp(),
      key,
      query: { organization_id: w.org.id },
    });
    expect(otherPath.statusCode).toBe(422);
    const s2 = await freshSession(t, w);
    const otherSession = await postPoints(s2.id, batch(4, '2031-08-04'), key);
    expect(otherSession.statusCode).toBe(422);
    expect(await pointsOf(t, w.org.id, s.id)).toEqual(before);
    expect(await pointsOf(t, w.org.id, s2.id)).toHaveLength(0);
  });

  it('answers 400 for a malformed key and writes nothing', async () => {
    const s = await freshSession(t, w);
    for (const key of ['short', 'has spaces in it', 'x'.repeat(129)]) {
      const res = await postPoints(s.id, batch(2), key);
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(json(res).errors)).toContain('Idempotency-Key');
    }
    expect(await pointsOf(t, w.org.id, s.id)).toHaveLength(0);
  });

  it('does not record a refused request: the key stays free', async () => {
    const s = await freshSession(t, w);
    const key = newKey();
    const wrongKind = [{ ...trialPoint(g().frequency.id, null, 1, 'correct') }];
    expect((await postPoints(s.id, wrongKind, key)).statusCode).toBe(400);
    const ok = await postPoints(s.id, batch(2, '2031-08-06'), key);
    expect([ok.statusCode, replayed(ok)]).toEqual([200, false]);
    expect(json(ok)).toMatchObject({ applied: 2, stale: 0, conflicts: [] });
  });
});

describeServer('keys are per organization and user', () => {
  it("does not replay another user's key", async () => {
    const key = newKey();
    const mine = await call(t, w.therapist, 'POST', `${W}/open/`, { body: { membership_id: w.therapist.membershipId }, key });
    const theirs = await call(t, w.other.therapist, 'POST', `${W}/open/`, { body: { membership_id: w.other.therapist.membershipId }, key });
    expect([mine.statusCode, theirs.statusCode, replayed(theirs)]).toEqual([201, 201, false]);
    expect(json(theirs).id).not.toBe(json(mine).id);
  });

  it("does not replay the same user's key from another organization", async () => {
    const membershipB = await asOwner(t.database, w.orgB.org.id, (ctx) =>
      addMembership(ctx, { userId: w.therapist.userId, role: 'therapist' }),
    );
    const key = newKey();
    const inA = await call(t, w.therapist, 'POST', `${W}/open/`, {
      body: { membership_id: w.therapist.membershipId },
      key,
      query: { organization_id: w.org.id },
    });
    const inB = await call(t, w.therapist, 'POST', `${W}/open/`, {
      body: { membership_id: membershipB.id },
      key,
      query: { organization_id: w.orgB.org.id },
    });
    expect([inA.statusCode, inB.statusCode, replayed(inB)]).toEqual([201, 201, false]);
    expect((await usagesOf(t, w.orgB.org.id)).map((u) => u.id)).toContain(json(inB).id);
  });
});

describeServer('50 concurrent identical requests with one key: exactly one effect', () => {
  it('a batch of points: stored once, every answer the same', async () => {
    const s = await freshSession(t, w);
    const key = newKey();
    const points = batch(40, '2031-08-07');
    const answers = await Promise.all(Array.from({ length: 50 }, () => postPoints(s.id, points, key)));
    expect(expectOneAnswer(answers, 200)).toMatchObject({ applied: 40, stale: 0, conflicts: [] });
    const rows = await pointsOf(t, w.org.id, s.id);
    expect(rows).toHaveLength(40);
    expect(new Set(rows.map((r) => r.receivedAt.toISOString())).size).toBe(1);
    const retry = await postPoints(s.id, points, key);
    expect([retry.statusCode, replayed(retry)]).toEqual([200, true]);
    expect(await pointsOf(t, w.org.id, s.id)).toEqual(rows);
  });

  it('a workspace open without a client id: one usage row', async () => {
    const key = newKey();
    const before = (await usagesOf(t, w.org.id)).length;
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        call(t, w.therapist, 'POST', `${W}/open/`, { body: { membership_id: w.therapist.membershipId }, key }),
      ),
    );
    const usage = expectOneAnswer(answers, 201);
    const after = await usagesOf(t, w.org.id);
    expect(after.length).toBe(before + 1);
    expect(after.map((u) => u.id)).toContain(usage.id);
  });

  it('a session start: started once, every answer the same', async () => {
    const s = await freshSession(t, w);
    const key = newKey();
    const body = { client_now: new Date(Date.now() - 30_000).toISOString() };
    const answers = await Promise.all(Array.from({ length: 50 }, () => call(t, w.therapist, 'POST', `${S}/${s.id}/start/`, { body, key })));
    const started = expectOneAnswer(answers, 200);
    expect(started).toMatchObject({ status: 'in_progress', started_at: body.client_now });
    expect((await sessionRow(t, w.org.id, s.id))!.startedAt!.toISOString()).toBe(body.client_now);
  });

  it('a correction: the original kept, corrected once', async () => {
    const s = await freshSession(t, w);
    const point = trialPoint(g().discrete.id, null, 1, 'incorrect', stamp('2031-08-08T10:00:00Z'));
    await postPoints(s.id, [point]);
    const key = newKey();
    const body = { outcome: 'correct', ...stamp('2031-08-08T10:05:00Z') };
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => call(t, w.therapist, 'POST', `${C}/datapoints/${point.id}/correct/`, { body, key })),
    );
    expect(expectOneAnswer(answers, 200)).toMatchObject({ outcome: 'correct', original: { outcome: 'incorrect' } });
    expect((await pointsOf(t, w.org.id, s.id))[0]).toMatchObject({ outcome: 'correct', original: { outcome: 'incorrect' } });
  });
});

describeServer('retention', () => {
  it('keeps records for 30 days and prunes older ones', async () => {
    const s = await freshSession(t, w);
    const young = newKey();
    const old = newKey();
    const youngBody = batch(2, '2031-08-09');
    await postPoints(s.id, youngBody, young);
    await postPoints(s.id, batch(2, '2031-08-10'), old);
    const age = async (key: string, days: number) =>
      t.database.db
        .update(idempotencyRecords)
        .set({ createdAt: sql`now() - make_interval(days => ${days})` })
        .where(eq(idempotencyRecords.key, key));
    await age(young, 29);
    await age(old, 31);
    await pruneIdempotencyRecords(t.database);
    const keys = (await idempotencyRecordsOf(t, w.therapist.userId)).map((r) => r.key);
    expect(keys).toContain(young);
    expect(keys).not.toContain(old);
    const again = await postPoints(s.id, youngBody, young);
    expect([again.statusCode, replayed(again)]).toEqual([200, true]);
  });
});
