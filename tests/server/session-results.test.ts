/**
 * The one read of per-session results (server/lib/session-results.ts) against a hand-worked session:
 * goal "Imitates actions" with targets "clap hands" and "arms up", 10-minute slot (scheduled, not run).
 *   clap hands: trial 1 correct, 2 prompted (model), 3 incorrect, 4 prompted (gestural)
 *   arms up:    trial 1 correct, 2 correct, 3 prompted (model), 4 deleted afterwards
 * Targets: clap hands 4 trials, 1 correct, 2 prompted → 75 % correct, 25 % independent;
 *          arms up 3 live trials, 2 correct, 1 prompted → 100 % correct, 66.7 % independent.
 * Goal:    7 trials, 3 correct, 3 prompted → 85.7 % correct, 42.9 % independent; prompted at model ×2, gestural ×1.
 * Frequency goal: count 5 in the 10-minute slot → 30 per hour. Duration goal: 90 s + 30 s → 2 minutes over 2 spans.
 */
import { expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { measureValue } from '../../contract/mastery-measures';
import { sessionResults } from '../../server/lib/session-results';
import { asOwner } from '../helpers/system-context';
import { call, describeServer, freshSession, stamp, trialPoint, useCollectorWorld } from '../helpers/collector-fixtures';

const { t, w } = useCollectorWorld();

describeServer('per-session results', () => {
  it('sums a session per target and per goal, leaving deleted points out', async () => {
    const session = await freshSession(t, w, { minutes: 10 });
    const { discrete, frequency, duration } = w.placement.goals;
    const [clap, arms] = discrete.subGoalIds as [string, string];
    const prompted = (sub: string, n: number, level: string) => ({ ...trialPoint(discrete.id, sub, n, 'prompted'), prompt_level: level });
    const other = (goalId: string, kind: 'frequency' | 'duration', trialNo: number, value: number) => ({
      id: randomUUID(),
      goal_id: goalId,
      sub_goal_id: null,
      trial_no: trialNo,
      kind,
      outcome: null,
      prompt_level: null,
      count: kind === 'frequency' ? value : null,
      duration_ms: kind === 'duration' ? value : null,
      ...stamp(),
    });
    const points = [
      trialPoint(discrete.id, clap, 1, 'correct'),
      prompted(clap, 2, 'model'),
      trialPoint(discrete.id, clap, 3, 'incorrect'),
      prompted(clap, 4, 'gestural'),
      trialPoint(discrete.id, arms, 1, 'correct'),
      trialPoint(discrete.id, arms, 2, 'correct'),
      prompted(arms, 3, 'model'),
      trialPoint(discrete.id, arms, 4, 'correct'),
      other(frequency.id, 'frequency', 1, 5),
      other(duration.id, 'duration', 1, 90_000),
      other(duration.id, 'duration', 2, 30_000),
    ];
    const sent = await call(t, w.therapist, 'POST', `/api/collector/sessions/${session.id}/points/`, { body: { points } });
    expect(sent.statusCode, sent.body).toBe(200);
    const removed = await call(t, w.therapist, 'DELETE', `/api/collector/sessions/${session.id}/points/`, {
      body: { keys: [{ goal_id: discrete.id, sub_goal_id: arms, trial_no: 4, ...stamp() }] },
    });
    expect(removed.statusCode, removed.body).toBe(200);

    const results = await asOwner(t.database, w.org.id, (ctx) => sessionResults(ctx.tx, w.org.id, { sessionIds: [session.id] }));
    const of = (goalId: string, subGoalId: string | null) => results.find((r) => r.goal_id === goalId && r.sub_goal_id === subGoalId)!;
    expect(results).toHaveLength(5);
    expect(of(discrete.id, clap)).toMatchObject({ trials: 4, correct: 1, prompted: 2, prompt_levels: { model: 1, gestural: 1 } });
    expect(measureValue('percent_correct', of(discrete.id, clap))).toBe(75);
    expect(measureValue('percent_independent', of(discrete.id, clap))).toBe(25);
    expect(of(discrete.id, arms)).toMatchObject({ trials: 3, correct: 2, prompted: 1 });
    expect(measureValue('percent_independent', of(discrete.id, arms))).toBeCloseTo(66.67, 1);
    const goal = of(discrete.id, null);
    expect(goal).toMatchObject({ trials: 7, correct: 3, prompted: 3, prompt_levels: { model: 2, gestural: 1 } });
    expect(goal.therapist_id).toBe(w.therapist.membershipId);
    expect(goal.minutes).toBe(10);
    expect(measureValue('percent_correct', goal)).toBeCloseTo(85.71, 1);
    expect(measureValue('count_per_hour', of(frequency.id, null))).toBe(30);
    expect(of(duration.id, null)).toMatchObject({ duration_ms: 120_000, episodes: 2 });
    expect(measureValue('duration_minutes', of(duration.id, null))).toBe(2);
  });

  it("keeps each target's own latest sessions with scored points when asked for the last N", async () => {
    const { discrete } = w.placement.goals;
    const [clap, arms] = discrete.subGoalIds as [string, string];
    const sessions = [];
    for (const targets of [[clap, arms], [clap], [clap]]) {
      const session = await freshSession(t, w);
      const points = targets.map((sub) => trialPoint(discrete.id, sub, 1, 'correct'));
      const sent = await call(t, w.therapist, 'POST', `/api/collector/sessions/${session.id}/points/`, { body: { points } });
      expect(sent.statusCode, sent.body).toBe(200);
      sessions.push(session.id);
    }
    // A later session holding only a trial without an outcome: not a session with scored data.
    const unscored = await freshSession(t, w);
    const open = { ...trialPoint(discrete.id, clap, 1, 'correct'), outcome: null };
    expect(
      (await call(t, w.therapist, 'POST', `/api/collector/sessions/${unscored.id}/points/`, { body: { points: [open] } })).statusCode,
    ).toBe(200);

    const results = await asOwner(t.database, w.org.id, async (ctx) => {
      const targets = [
        { goal_id: discrete.id, sub_goal_id: clap },
        { goal_id: discrete.id, sub_goal_id: arms },
      ];
      return sessionResults(ctx.tx, w.org.id, { goalIds: [discrete.id], latestOf: { n: 2, targets } });
    });
    const sessionsOf = (sub: string) => results.filter((r) => r.sub_goal_id === sub && r.trials > 0).map((r) => r.session_id);
    // Clap hands: its latest two are the 2nd and 3rd; arms up, seen last in the 1st, keeps it. A session
    // kept for one target brings the other targets' rows of that session along (at most 2 + 2 sessions here).
    expect(sessionsOf(clap).slice(-2)).toEqual([sessions[1], sessions[2]]);
    expect(sessionsOf(arms).at(-1)).toBe(sessions[0]);
    expect(new Set(results.map((r) => r.session_id)).size).toBeLessThanOrEqual(4);
    expect(results.map((r) => r.session_id)).not.toContain(unscored.id);
  });
});

describeServer('per-session results in a window', () => {
  it('keeps sessions that started from `since` up to, not including, `before`', async () => {
    const { discrete } = w.placement.goals;
    const starts = ['2032-03-01T09:00:00Z', '2032-03-02T09:00:00Z', '2032-03-03T09:00:00Z'];
    for (const start of starts) {
      const session = await freshSession(t, w, { startAt: new Date(start), minutes: 10 });
      const sent = await call(t, w.therapist, 'POST', `/api/collector/sessions/${session.id}/points/`, {
        body: { points: [trialPoint(discrete.id, discrete.subGoalIds[0]!, 1, 'correct')] },
      });
      expect(sent.statusCode, sent.body).toBe(200);
    }
    const results = await asOwner(t.database, w.org.id, (ctx) =>
      sessionResults(ctx.tx, w.org.id, {
        goalIds: [discrete.id],
        studentId: w.placement.studentId,
        since: new Date('2032-03-02T00:00:00Z'),
        before: new Date('2032-03-03T09:00:00Z'),
      }),
    );
    expect(results.filter((r) => r.sub_goal_id === null).map((r) => r.at)).toEqual(['2032-03-02T09:00:00.000Z']);
  });
});
