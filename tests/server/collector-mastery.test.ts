/**
 * The server's mastery evaluation when points arrive (server/features/collector/service-mastery.ts),
 * through the collector's calls, against series worked by hand. Each session is a new one-hour slot,
 * later than the one before, run by the world's therapist.
 *
 * "Imitates actions" (targets "clap hands" then "arms up", taught in sequence), at least 80 % correct
 * over 3 sessions:
 *   clap hands: 9/10 (90 %), 6/10 (60 %), 9/10 (90 %)  → the latest three hold a miss: not mastered
 *               then 8/10 (80 %), 10/10 (100 %)         → 90, 80, 100: mastered by the 5th session
 *   arms up starts then; 3 sessions of 10/10            → mastered by its 3rd, and the goal with it.
 * "Greets peers" (frequency, no targets), at most 2 per hour over 2 sessions, 45-minute slots:
 *   count 3 (4 per hour), count 1 (1.33), count 0 (0)   → mastered by the 3rd.
 */
import { and, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { MasteryCriterion } from '../../contract/mastery';
import { assignedGoals, goalRevisions, subGoals } from '../../server/db/schema/goals';
import { call, describeServer, freshSession, stamp, trialPoint, useCollectorWorld } from '../helpers/collector-fixtures';

const { t, w } = useCollectorWorld();

const eighty: MasteryCriterion = { measure: 'percent_correct', comparison: 'at_least', threshold: 80, sessions: 3, min_therapists: 1 };

async function setGoal(goalId: string, values: Partial<typeof assignedGoals.$inferInsert>) {
  await t.database.db.update(assignedGoals).set(values).where(eq(assignedGoals.id, goalId));
}
const setTarget = (id: string, status: 'upcoming' | 'active' | 'maintenance') =>
  t.database.db.update(subGoals).set({ status }).where(eq(subGoals.id, id));

const goalRow = async (id: string) => (await t.database.db.select().from(assignedGoals).where(eq(assignedGoals.id, id)))[0]!;
const targetRow = async (id: string) => (await t.database.db.select().from(subGoals).where(eq(subGoals.id, id)))[0]!;
/** A goal's history; rows of one evaluation share its moment, so they are ordered by label within it. */
const revisionsOf = async (goalId: string) =>
  (
    await t.database.db
      .select()
      .from(goalRevisions)
      .where(eq(goalRevisions.goalId, goalId))
      .orderBy(goalRevisions.changedAt, goalRevisions.label)
  ).map((r) => ({
    label: r.label,
    kinds: r.kinds,
    session: r.sessionId,
    by: r.changedBy,
  }));

const send = async (sessionId: string, points: unknown[]) => {
  const res = await call(t, w.therapist, 'POST', `/api/collector/sessions/${sessionId}/points/`, { body: { points } });
  expect(res.statusCode, res.body).toBe(200);
};

/** A new session where `target` scored `correct` of 10 (the rest incorrect). */
async function sessionScoring(goalId: string, target: string, correct: number) {
  const session = await freshSession(t, w);
  await send(
    session.id,
    Array.from({ length: 10 }, (_, i) => trialPoint(goalId, target, i + 1, i < correct ? 'correct' : 'incorrect')),
  );
  return session.id;
}

describeServer('mastery evaluated when points arrive', () => {
  it('masters a target by the session that completes the run, starts the next one, then masters the goal', async () => {
    const { id: goalId, subGoalIds } = w.placement.goals.discrete;
    const [clap, arms] = subGoalIds as [string, string];
    await setGoal(goalId, { masteryCriterion: eighty, targetsInSequence: true });
    await setTarget(arms, 'upcoming');

    for (const correct of [9, 6, 9, 8]) {
      await sessionScoring(goalId, clap, correct);
    }
    expect((await targetRow(clap)).status).toBe('active');
    const fifth = await sessionScoring(goalId, clap, 10);

    const red = await targetRow(clap);
    expect([red.status, red.masteredSessionId, red.masteredAt !== null]).toEqual(['maintenance', fifth, true]);
    expect((await targetRow(arms)).status).toBe('active');
    expect((await goalRow(goalId)).status).toBe('in_treatment');
    expect(await revisionsOf(goalId)).toEqual([
      { label: 'Target "arms up" started', kinds: ['targets'], session: fifth, by: null },
      { label: 'Target "clap hands" mastered', kinds: ['targets'], session: fifth, by: null },
    ]);

    // The collector's session read carries the new statuses, so the tablet learns them on sync.
    const read = await call(t, w.therapist, 'GET', `/api/collector/sessions/${fifth}/`);
    const goal = (
      read.json() as { goals: { goal_id: string; sub_goals: { id: string; status: string; mastered_session_id: string }[] }[] }
    ).goals.find((g) => g.goal_id === goalId)!;
    expect(goal.sub_goals.map((s) => [s.id, s.status, s.mastered_session_id])).toEqual([
      [clap, 'maintenance', fifth],
      [arms, 'active', null],
    ]);

    let last = '';
    for (let i = 0; i < 3; i++) {
      last = await sessionScoring(goalId, arms, 10);
    }
    const mastered = await goalRow(goalId);
    expect([mastered.status, mastered.masteredSessionId]).toEqual(['mastered', last]);
    expect((await targetRow(arms)).masteredSessionId).toBe(last);
    expect((await revisionsOf(goalId)).map((r) => r.label).slice(2)).toEqual(['Goal mastered', 'Target "arms up" mastered']);

    // Mastery once recorded stays: deleting the last session's trials un-meets the rule but takes nothing back.
    const res = await call(t, w.therapist, 'DELETE', `/api/collector/sessions/${last}/points/`, {
      body: { keys: Array.from({ length: 10 }, (_, i) => ({ goal_id: goalId, sub_goal_id: arms, trial_no: i + 1, ...stamp() })) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await goalRow(goalId)).status).toBe('mastered');
    expect(await revisionsOf(goalId)).toHaveLength(4);
  });

  it('decides a goal without targets on its own series: at most 2 per hour over 2 sessions', async () => {
    const goalId = w.placement.goals.frequency.id;
    await setGoal(goalId, {
      masteryCriterion: { measure: 'count_per_hour', comparison: 'at_most', threshold: 2, sessions: 2, min_therapists: 1 },
    });
    const counted = async (count: number) => {
      const session = await freshSession(t, w, { minutes: 45 });
      const point = { ...trialPoint(goalId, null, 1, 'correct'), kind: 'frequency', outcome: null, count };
      await send(session.id, [point]);
      return session.id;
    };
    await counted(3);
    await counted(1);
    expect((await goalRow(goalId)).status).toBe('in_treatment');
    const third = await counted(0);
    expect(await goalRow(goalId)).toMatchObject({ status: 'mastered', masteredSessionId: third });
    expect(await revisionsOf(goalId)).toEqual([{ label: 'Goal mastered', kinds: ['status'], session: third, by: null }]);
  });

  it('leaves goals without a criterion, or not in treatment, as they are', async () => {
    const goalId = w.placement.goals.duration.id;
    const timed = async () => {
      const session = await freshSession(t, w);
      const point = { ...trialPoint(goalId, null, 1, 'correct'), id: randomUUID(), kind: 'duration', outcome: null, duration_ms: 600_000 };
      await send(session.id, [point]);
    };
    await timed();
    await setGoal(goalId, {
      status: 'baseline',
      masteryCriterion: { measure: 'duration_minutes', comparison: 'at_least', threshold: 1, sessions: 1, min_therapists: 1 },
    });
    await timed();
    expect(await goalRow(goalId)).toMatchObject({ status: 'baseline', masteredAt: null });
    await setGoal(goalId, { status: 'in_treatment' });
    await timed();
    expect((await goalRow(goalId)).status).toBe('mastered');
    const rows = await t.database.db
      .select()
      .from(goalRevisions)
      .where(and(eq(goalRevisions.goalId, goalId), eq(goalRevisions.label, 'Goal mastered')));
    expect(rows).toHaveLength(1);
  });
});
