/**
 * The collector's write path stays set-based: a batch of points costs the same statements, each with
 * the same number of parameters, whether it holds 1, 100 or 500 points, on PGlite and on PostgreSQL
 * (where node-postgres sends one statement per round trip, BEGIN and COMMIT included). Counted, not
 * timed: a change that writes or checks point by point again fails here the day it lands.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LIMITS } from '../../contract/limits';
import { rowsOf } from '../../server/db/handles';
import { asOrganizationId } from '../../server/lib/ids';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { call, createWorld, describeServer, freshSession, newKey, stamp, trialPoint, type World } from '../helpers/collector-fixtures';

/**
 * The most statements one call may send. New taps: sign-in with the organization access, (BEGIN), tenant
 * settings with the idempotency lock, the idempotency record, the session's goals, the insert, the idempotency record,
 * (COMMIT). Keys already stored add three: their rows read and held, the replacement, the
 * observations of a second device. A batch on a goal with a mastery criterion adds one read (the
 * touched targets' latest sessions' results), and two writes when the criterion is met (the
 * statuses, the goal's history).
 */
const BOUND = { newTaps: { pglite: 6, postgres: 8 }, takenKeys: { pglite: 9, postgres: 11 } } as const;
const SIZES = [1, 100, LIMITS.pointsPerBatch];

let log: { sql: string; params: number }[] | null = null;
/** The last statement that read and held stored rows, with its parameters (for its plan). */
let lockStatement: { sql: string; params: unknown[] } | null = null;
const t = {} as TestApp;
const w = {} as World;
beforeAll(async () => {
  Object.assign(
    t,
    await createTestApp(
      {},
      {
        onQuery: (sql, params) => {
          log?.push({ sql, params: params.length });
          if (/FOR UPDATE/.test(sql) && /data_points/.test(sql)) {
            lockStatement = { sql, params };
          }
        },
      },
    ),
  );
  Object.assign(w, await createWorld(t));
});
afterAll(async () => {
  await t.close?.();
});

/** The statements and their parameter counts one call sent, and its answer. */
async function counted(send: () => ReturnType<typeof call>) {
  log = [];
  const res = await send();
  const sent = log;
  log = null;
  expect(res.statusCode, res.body).toBe(200);
  return { statements: sent.length, params: sent.map((s) => s.params), sql: sent.map((s) => s.sql.slice(0, 60)) };
}

const upsert = (sessionId: string, points: unknown[]) =>
  call(t, w.therapist, 'POST', `/api/collector/sessions/${sessionId}/points/`, { body: { points }, key: newKey() });
const remove = (sessionId: string, keys: unknown[]) =>
  call(t, w.therapist, 'DELETE', `/api/collector/sessions/${sessionId}/points/`, { body: { keys }, key: newKey() });

const batch = (size: number, device: string, outcome: 'correct' | 'incorrect' = 'correct') =>
  Array.from({ length: size }, (_, i) => trialPoint(w.placement.goals.discrete.id, null, i + 1, outcome, stamp(undefined, device)));

/** Per size: the call's count on a fresh session (`prepare` writes what is already there first). */
async function countsBySize(
  send: (sessionId: string, size: number) => ReturnType<typeof call>,
  prepare?: (sessionId: string, size: number) => Promise<unknown>,
) {
  const counts = [];
  for (const size of SIZES) {
    const session = await freshSession(t, w);
    await prepare?.(session.id, size);
    counts.push({ size, ...(await counted(() => send(session.id, size))) });
  }
  return counts;
}

function expectFlat(counts: Awaited<ReturnType<typeof countsBySize>>, bound: number) {
  const [first, ...rest] = counts;
  expect(first!.statements, first!.sql.join('\n')).toBeLessThanOrEqual(bound);
  for (const c of rest) {
    expect({ size: c.size, statements: c.statements, params: c.params }).toEqual({
      size: c.size,
      statements: first!.statements,
      params: first!.params,
    });
  }
}

describeServer('statements per point batch', () => {
  it('writes new taps in the same statements whatever the batch size', async () => {
    const counts = await countsBySize((sessionId, size) => upsert(sessionId, batch(size, 'tablet-new')));
    expectFlat(counts, BOUND.newTaps[t.database.kind]);
  });

  it('replaces stored keys, and keeps a second device’s observations, in the same statements whatever the batch size', async () => {
    const counts = await countsBySize(
      (sessionId, size) => upsert(sessionId, batch(size, 'tablet-b', 'incorrect')),
      (sessionId, size) => upsert(sessionId, batch(size, 'tablet-a')),
    );
    expectFlat(counts, BOUND.takenKeys[t.database.kind]);
  });

  it('deletes stored keys in the same statements whatever the batch size', async () => {
    const keys = (size: number) =>
      Array.from({ length: size }, (_, i) => ({
        goal_id: w.placement.goals.discrete.id,
        sub_goal_id: null,
        trial_no: i + 1,
        ...stamp(undefined, 'tablet-a'),
      }));
    const counts = await countsBySize(
      (sessionId, size) => remove(sessionId, keys(size)),
      (sessionId, size) => upsert(sessionId, batch(size, 'tablet-a')),
    );
    expectFlat(counts, BOUND.takenKeys[t.database.kind]);
  });

  it('adds one read for a batch on a goal with a mastery criterion, and two writes when it is met, whatever the batch size', async () => {
    const frequency = w.placement.goals.frequency.id;
    const counts = (size: number) =>
      Array.from({ length: size }, (_, i) => ({
        ...trialPoint(frequency, null, i + 1, 'correct'),
        kind: 'frequency',
        outcome: null,
        count: 1,
      }));
    const withCriterion = async (threshold: number) => {
      // At least `threshold` per session in 1 session: 0 is met by every batch, 1,000,000 by none.
      const criterion = { measure: 'count_per_session', comparison: 'at_least', threshold, sessions: 1, min_therapists: 1 };
      await t.database.db.execute(
        sql`UPDATE assigned_goals SET mastery_criterion = ${JSON.stringify(criterion)}::jsonb, status = 'in_treatment' WHERE id = ${frequency}::uuid`,
      );
    };
    const none = await countsBySize((sessionId, size) => upsert(sessionId, counts(size)));
    expectFlat(none, BOUND.newTaps[t.database.kind]);
    const notMet = await countsBySize(
      (sessionId, size) => upsert(sessionId, counts(size)),
      () => withCriterion(1_000_000),
    );
    expectFlat(notMet, BOUND.newTaps[t.database.kind] + 1);
    const met = await countsBySize(
      (sessionId, size) => upsert(sessionId, counts(size)),
      () => withCriterion(0),
    );
    expectFlat(met, BOUND.newTaps[t.database.kind] + 3);
    expect(met[0]!.statements).toBe(none[0]!.statements + 3);
    await t.database.db.execute(
      sql`UPDATE assigned_goals SET mastery_criterion = NULL, status = 'in_treatment' WHERE id = ${frequency}::uuid`,
    );
  });

  it('answers a replayed batch from its record without writing', async () => {
    const session = await freshSession(t, w);
    const key = newKey();
    const points = batch(100, `tablet-${randomUUID().slice(0, 8)}`);
    const send = () => call(t, w.therapist, 'POST', `/api/collector/sessions/${session.id}/points/`, { body: { points }, key });
    const first = await counted(send);
    const replay = await counted(send);
    expect(replay.statements).toBeLessThan(first.statements);
    expect(replay.sql.join('\n')).not.toMatch(/data_points/);
  });

  it('reads each stored key by the whole key, however many points the session holds', async () => {
    const session = await freshSession(t, w);
    const full = Array.from({ length: 4 * LIMITS.pointsPerBatch }, (_, i) =>
      trialPoint(w.placement.goals.discrete.id, null, i + 1, 'correct', stamp(undefined, 'tablet-a')),
    );
    for (let i = 0; i < full.length; i += LIMITS.pointsPerBatch) {
      await upsert(session.id, full.slice(i, i + LIMITS.pointsPerBatch));
    }
    lockStatement = null;
    await counted(() => upsert(session.id, batch(LIMITS.pointsPerBatch, 'tablet-b', 'incorrect')));
    const plan = await planOf(lockStatement!);
    // Each probe names goal, sub-goal and trial in the key's index: not the session's rows, filtered.
    const probes = plan.filter((line) => /Index Cond:.*session_id/.test(line));
    expect(probes.length, plan.join('\n')).toBeGreaterThan(0);
    for (const probe of probes) {
      expect(probe, plan.join('\n')).toMatch(/goal_id = .*sub_goal_id.*trial_no = /);
    }
    expect(plan.join('\n')).not.toMatch(/Seq Scan on data_points/);
  });
});

/** The statement's plan as the runtime role, under the world's organization, with its own parameters. */
async function planOf(statement: { sql: string; params: unknown[] }): Promise<string[]> {
  const pieces = `EXPLAIN ${statement.sql}`.split(/\$\d+/);
  const numbers = [...statement.sql.matchAll(/\$(\d+)/g)].map((m) => Number(m[1]) - 1);
  const query = sql.join(
    pieces.flatMap((piece, i) => (i < numbers.length ? [sql.raw(piece), sql`${statement.params[numbers[i]!]}`] : [sql.raw(piece)])),
    sql.raw(''),
  );
  const rows = await t.database.tenant(asOrganizationId(w.org.id), async (tx) => rowsOf<{ 'QUERY PLAN': string }>(await tx.execute(query)));
  return rows.map((r) => r['QUERY PLAN']);
}
