import { v7 as uuidv7 } from 'uuid';
import { percentile, trialTap } from './harness';
import { testConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { buildApp } from '../../server/app';
import { seedDemo, DEMO_PASSWORD } from '../../server/seed/demo';
import { refreshStatistics } from '../../server/db/statistics';
import { therasessions } from '../../server/db/schema/scheduling';
import { asSessionId } from '../../server/lib/ids';
import { eq } from 'drizzle-orm';

/**
 * Where a point batch's time goes, call by call on one idle server in this process (app.inject, no
 * network): the statements the batch call sends (as drizzle logs them), the time from each one's
 * start to the next (the statement and the JavaScript after it), the call's wall time, and the
 * process's CPU time per call. On PostgreSQL the server's work happens in another process, so wall
 * minus CPU is roughly the database; on PGlite the database runs in this process (its CPU included).
 */
export interface BatchProfile {
  database: 'pglite' | 'postgres';
  size: number;
  statements: number;
  wallMs: number;
  cpuMs: number;
  /** Median time per statement, in the order sent, with its first 90 characters. */
  perStatement: { ms: number; sql: string }[];
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

/**
 * An idle server in this process on the demo data, signed in as a therapist, with one way to send a
 * batch of new trial taps to one of their sessions on a discrete goal (its first target, when it has
 * targets). Shared by the batch profile and the mastery bench (mastery-batch.ts).
 */
export async function openBatchBench(databaseUrl: string | undefined, onQuery: (sql: string) => void = () => {}) {
  const database = await openDatabase({ ...(databaseUrl ? { databaseUrl } : {}), onQuery });
  await seedDemo(database);
  await refreshStatistics(database);
  const app = await buildApp({ config: testConfig({ RATE_LIMIT_AUTH_PER_MINUTE: 100_000 }), database, staticDir: null });
  const login = await app.inject({
    method: 'POST',
    url: '/api/users/auth/login/',
    payload: { email: 'jordan.reyes@thera-demo.example', password: DEMO_PASSWORD },
  });
  const cookie = String(login.headers['set-cookie']).split(';')[0] ?? '';
  const organizationId = (login.json() as { active_organization_id: string }).active_organization_id;
  const get = async <T>(url: string) => (await app.inject({ method: 'GET', url, headers: { cookie } })).json() as T;
  const sessions = await get<{ results: { id: string; student: { id: string } }[] }>(
    `/api/scheduling/therasessions/?organization_id=${organizationId}`,
  );
  const session = sessions.results[0]!;
  const goals = await get<{ results: { goal_id: string; measurement: string; sub_goals: { id: string }[] }[] }>(
    `/api/theragoals/organization/${organizationId}/assigned-goals/?student_ids=${session.student.id}`,
  );
  const goal = goals.results.find((g) => g.measurement === 'discrete')!;
  let trial = 0;
  let seq = 0;
  const batch = (size: number, target: { goal_id: string; sub_goal_id: string | null }) => ({
    points: Array.from({ length: size }, () => trialTap(target, (trial += 1), 'bench-profile', (seq += 1))),
  });
  /** A batch of `size` new taps; on the goal itself, or on its first target with `onTarget`; to `sessionId` when given. */
  const send = (size: number, onTarget = false, sessionId = session.id) =>
    app.inject({
      method: 'POST',
      url: `/api/collector/sessions/${sessionId}/points/?organization_id=${organizationId}`,
      headers: { cookie, 'idempotency-key': uuidv7() },
      payload: batch(size, { goal_id: goal.goal_id, sub_goal_id: onTarget ? (goal.sub_goals[0]?.id ?? null) : null }),
    });
  let copies = 0;
  /** A new session like the first one, a day later than the one before (a student's next session). */
  const newSession = async () => {
    const [row] = await database.db
      .select()
      .from(therasessions)
      .where(eq(therasessions.id, asSessionId(session.id)));
    const shift = (at: Date) => new Date(at.getTime() + (copies + 1) * 86_400_000);
    copies += 1;
    const id = asSessionId(uuidv7());
    await database.db.insert(therasessions).values({ ...row!, id, startAt: shift(row!.startAt), endAt: shift(row!.endAt) });
    return id;
  };
  return { app, database, goalId: goal.goal_id, send, newSession };
}

export async function profileBatches(
  databaseUrl: string | undefined,
  sizes: number[],
  runs: number,
  /** Called once the warm-up is over (a CPU profiler starts here). */
  onMeasuring: () => Promise<void> = async () => {},
): Promise<BatchProfile[]> {
  let log: { at: number; sql: string }[] | null = null;
  const { app, database, send } = await openBatchBench(databaseUrl, (query) =>
    log?.push({ at: performance.now(), sql: query.replace(/\s+/g, ' ').trim() }),
  );
  try {
    const profiles: BatchProfile[] = [];
    for (const size of sizes) {
      for (let i = 0; i < 3; i += 1) {
        await send(size); // warm-up: plans cached, code compiled
      }
      await onMeasuring();
      const walls: number[] = [];
      const cpus: number[] = [];
      const gaps: number[][] = [];
      let sqls: string[] = [];
      for (let run = 0; run < runs; run += 1) {
        log = [];
        const cpu = process.cpuUsage();
        const start = performance.now();
        const res = await send(size);
        const end = performance.now();
        const used = process.cpuUsage(cpu);
        if (res.statusCode !== 200) {
          throw new Error(`batch of ${size}: ${res.statusCode} ${res.body}`);
        }
        walls.push(end - start);
        cpus.push((used.user + used.system) / 1000);
        const marks = [...log.map((l) => l.at), end];
        log.forEach((_, i) => (gaps[i] ??= []).push(marks[i + 1]! - marks[i]!));
        sqls = log.map((l) => l.sql.slice(0, 90));
        log = null;
      }
      profiles.push({
        database: database.kind,
        size,
        statements: sqls.length,
        wallMs: median(walls),
        cpuMs: median(cpus),
        perStatement: sqls.map((sql, i) => ({ ms: median(gaps[i] ?? []), sql })),
      });
    }
    return profiles;
  } finally {
    await app.close();
    await database.close();
  }
}

export function printProfiles(profiles: BatchProfile[]) {
  for (const p of profiles) {
    console.log(
      `\n${p.database}, batch of ${p.size}: ${p.statements} statements, wall ${p.wallMs.toFixed(2)} ms, CPU of this process ${p.cpuMs.toFixed(2)} ms (medians)`,
    );
    for (const s of p.perStatement) {
      console.log(`  ${s.ms.toFixed(2).padStart(7)} ms  ${s.sql}`);
    }
  }
}
