/**
 * One student of the scale organization with a full record, for the student page's benchmark: 20
 * goals (the one every scale student has, and 19 more) and a year of sessions, two a week at 07:30
 * (before the scale seed's own hours), each with ten trials of every goal (about 20,000 points).
 * The student is the first of the first therapist's caseload, in the department they are placed in. Through
 * the services like the rest of the scale seed; idempotent: a student who has 20 goals already is
 * left as they are.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { assignedGoals } from '../db/schema/goals';
import { assignGoal, goalsOfStudent } from '../features/goals-library';
import { endSession, scheduleSessions, startSession } from '../features/scheduling';
import { upsertPoints } from '../features/collector';
import { newId, type SessionId } from '../lib/ids';
import type { RequestContext } from '../lib/request-context';
import { addDays, localDate, weekStart, zonedTimeToUtc } from '../lib/time-zones';
import { caseloadsOf, scaleOrganization } from './scale-calendar';

const GOALS = 20;
const WEEKS = 52;
const OUTCOMES = ['correct', 'correct', 'incorrect', 'prompted', 'correct'] as const;

export interface ScaleRecordReport {
  studentId: string | null;
  goals: number;
  sessions: number;
  points: number;
}

export async function seedScaleRecordStudent(
  database: Database,
  log: (line: string) => void = () => undefined,
): Promise<ScaleRecordReport> {
  const org = await scaleOrganization(database, 'seed.scale.record');
  const [therapist, places] = org ? ([...(await caseloadsOf(database, org.organizationId))][0] ?? []) : [];
  const first = places?.[0];
  if (!org || !therapist || !first) {
    return { studentId: null, goals: 0, sessions: 0, points: 0 };
  }
  const { organizationId, asOwner } = org;
  const place = { ...first, therapist };
  const [held] = await asOwner((ctx) =>
    ctx.tx
      .select({ n: sql<number>`count(*)::int` })
      .from(assignedGoals)
      .where(and(eq(assignedGoals.organizationId, organizationId), eq(assignedGoals.studentId, place.studentId))),
  );
  if ((held?.n ?? 0) >= GOALS) {
    return { studentId: place.studentId, goals: 0, sessions: 0, points: 0 };
  }
  const base = { studentId: place.studentId, departmentId: place.departmentId, membershipId: place.therapist };
  const goals = await asOwner(async (ctx) => {
    for (let g = held?.n ?? 0; g < GOALS; g++) {
      await assignGoal(ctx, {
        ...base,
        title: `Scale goal ${g + 1}`,
        domain: `Domain ${(g % 5) + 1}`,
        plannedTrials: 10,
        subGoals: ['first', 'second'],
      });
    }
    return goalsOfStudent(ctx, place.studentId);
  });
  const monday = weekStart(localDate(org.timeZone));
  const plan = Array.from({ length: WEEKS * 2 }, (_, i) => {
    const startAt = zonedTimeToUtc(addDays(monday, -7 * (WEEKS - Math.floor(i / 2)) + (i % 2 === 0 ? 1 : 3)), '07:30', org.timeZone);
    return {
      id: newId<SessionId>(),
      therapistMembershipId: place.therapist,
      ...base,
      startAt,
      endAt: new Date(startAt.getTime() + 45 * 60_000),
    };
  });
  await asOwner((ctx) =>
    scheduleSessions(
      ctx,
      plan.map(({ membershipId: _m, ...s }) => s),
    ),
  );
  log(`student record: ${goals.length} goals, ${plan.length} sessions`);
  let points = 0;
  for (const s of plan) {
    points += await asOwner((ctx) => holdAllGoals(ctx, s, goals));
  }
  return { studentId: place.studentId, goals: goals.length, sessions: plan.length, points };
}

/** Starts and completes a past session with ten trials of each goal (on its first target), in one transaction. */
async function holdAllGoals(
  ctx: RequestContext,
  s: { id: SessionId; startAt: Date },
  goals: { id: string; subGoals: { id: string }[] }[],
): Promise<number> {
  const at = (minutes: number) => new Date(s.startAt.getTime() + minutes * 60_000).toISOString();
  const trials = goals.flatMap((goal, g) =>
    Array.from({ length: 10 }, (_, i) => ({
      id: newId(),
      goal_id: goal.id,
      sub_goal_id: goal.subGoals[0]?.id ?? null,
      trial_no: i + 1,
      kind: 'trial' as const,
      outcome: OUTCOMES[(i + g) % OUTCOMES.length]!,
      prompt_level: (i + g) % OUTCOMES.length === 3 ? 'model' : null,
      count: null,
      duration_ms: null,
      recorded_at: at(1 + (g * 10 + i) / 5),
      device_id: 'scale-record-seed',
      device_seq: g * 10 + i + 1,
    })),
  );
  await startSession(ctx, s.id, { shift_to_now: false, client_now: at(0) });
  await upsertPoints(ctx, s.id, trials);
  await endSession(ctx, s.id, { action: 'completed', note: '', overtime_reason: '', client_now: at(44) });
  return trials.length;
}
