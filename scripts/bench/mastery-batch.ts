import { sql } from 'drizzle-orm';
import { percentile } from './harness';
import { openBatchBench } from './batch-profile';

/**
 * What the mastery evaluation adds to the collector's write path: batches of 100 new taps on a
 * target of a discrete goal, alternately without a criterion on the goal and with one (at least 80 %
 * correct over 3 sessions, so every batch reads the target's latest sessions and runs the rule), on
 * one idle server in this process (app.inject, no network). Each pair of batches goes to a new
 * session a day after the last, so the target's history grows as a student's does (200 taps a
 * session). Answers the medians of both and their gap.
 */
export async function benchMasteryBatch(databaseUrl: string | undefined, runs: number) {
  const { app, database, goalId, send, newSession } = await openBatchBench(databaseUrl);
  const criterion = { measure: 'percent_correct', comparison: 'at_least', threshold: 80, sessions: 3, min_therapists: 1 };
  // A criterion the taps cannot meet (over 100 %) keeps the goal in treatment: every batch pays the read and the rule, none the writes.
  const unmet = { ...criterion, threshold: 101 };
  const setCriterion = (value: object | null) =>
    database.db.execute(
      sql`UPDATE assigned_goals SET mastery_criterion = ${value === null ? null : JSON.stringify(value)}::jsonb WHERE id = ${goalId}::uuid`,
    );
  const timed = async (sessionId: string) => {
    const start = performance.now();
    const res = await send(100, true, sessionId);
    const ms = performance.now() - start;
    if (res.statusCode !== 200) {
      throw new Error(`batch of 100: ${res.statusCode} ${res.body}`);
    }
    return ms;
  };
  try {
    for (let i = 0; i < 5; i += 1) {
      const sessionId = await newSession();
      await setCriterion(unmet);
      await timed(sessionId); // warm-up: plans cached, code compiled, on both paths
      await setCriterion(null);
      await timed(sessionId);
    }
    const without: number[] = [];
    const withCriterion: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const sessionId = await newSession();
      await setCriterion(null);
      without.push(await timed(sessionId));
      await setCriterion(unmet);
      withCriterion.push(await timed(sessionId));
    }
    const median = (values: number[]) =>
      percentile(
        [...values].sort((a, b) => a - b),
        50,
      );
    return {
      database: database.kind,
      withoutMs: median(without),
      withMs: median(withCriterion),
      addedMs: median(withCriterion) - median(without),
    };
  } finally {
    await app.close();
    await database.close();
  }
}
