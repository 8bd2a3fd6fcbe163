import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client';
import { dataPoints, sessionFocus, trialStates } from '../../db/schema/collector';
import { assignedGoals, subGoals } from '../../db/schema/goals';
import { therasessions } from '../../db/schema/scheduling';
import { students } from '../../db/schema/enrollments';
import { departmentStudents, departmentStudentTherapists } from '../../db/schema/departments';
import type { DeleteKeyRow, PointRow, Stamp } from './types';

/** (recorded_at, device_id, device_seq) of the incoming row is newer than the stored one. */
const newerThan = (table: string) =>
  sql.raw(`(excluded.recorded_at, excluded.device_id, excluded.device_seq) > (${table}.recorded_at, ${table}.device_id, ${table}.device_seq)`);

export async function findSession(tx: Tx, organizationId: string, sessionId: string) {
  const rows = await tx
    .select()
    .from(therasessions)
    .where(and(eq(therasessions.organizationId, organizationId), eq(therasessions.id, sessionId)))
    .limit(1);
  return rows[0] ?? null;
}

/** The session and every goal/sub-goal of its student, in one round trip (the write path's checks). */
export async function sessionTargets(tx: Tx, organizationId: string, sessionId: string) {
  const rows = rowsOf<{
    therapist_membership_id: string;
    student_id: string;
    goal_id: string | null;
    measurement: 'discrete' | 'frequency' | 'duration' | null;
    sub_goal_id: string | null;
  }>(
    await tx.execute(sql`
      SELECT s.therapist_membership_id, s.student_id, g.id AS goal_id, g.measurement, sg.id AS sub_goal_id
      FROM therasessions s
      LEFT JOIN assigned_goals g ON g.organization_id = s.organization_id AND g.student_id = s.student_id
      LEFT JOIN sub_goals sg ON sg.organization_id = g.organization_id AND sg.goal_id = g.id
      WHERE s.organization_id = ${organizationId}::uuid AND s.id = ${sessionId}::uuid`),
  );
  const first = rows[0];
  if (!first) {
    return null;
  }
  const goals = new Map<string, { id: string; measurement: 'discrete' | 'frequency' | 'duration'; subGoals: { id: string }[] }>();
  for (const r of rows) {
    if (r.goal_id && r.measurement) {
      const goal = goals.get(r.goal_id) ?? { id: r.goal_id, measurement: r.measurement, subGoals: [] };
      if (r.sub_goal_id) {
        goal.subGoals.push({ id: r.sub_goal_id });
      }
      goals.set(r.goal_id, goal);
    }
  }
  return { therapistMembershipId: first.therapist_membership_id, studentId: first.student_id, goals: [...goals.values()] };
}

export async function goalsForStudent(tx: Tx, organizationId: string, studentId: string, departmentId: string | null) {
  const goals = await tx
    .select()
    .from(assignedGoals)
    .where(
      and(
        eq(assignedGoals.organizationId, organizationId),
        eq(assignedGoals.studentId, studentId),
        departmentId ? eq(assignedGoals.departmentId, departmentId) : undefined,
      ),
    )
    .orderBy(asc(assignedGoals.createdAt), asc(assignedGoals.id));
  const subs = goals.length
    ? await tx
        .select()
        .from(subGoals)
        .where(and(eq(subGoals.organizationId, organizationId), inArray(subGoals.goalId, goals.map((g) => g.id))))
        .orderBy(asc(subGoals.position), asc(subGoals.id))
    : [];
  return goals.map((g) => ({ ...g, subGoals: subs.filter((s) => s.goalId === g.id) }));
}

/** Inserts or replaces points by key; only rows with a newer stamp change. Returns rows applied. */
export async function upsertPoints(tx: Tx, organizationId: string, sessionId: string, points: PointRow[]): Promise<number> {
  if (points.length === 0) {
    return 0;
  }
  const values = points.map(
    (p) => sql`(${organizationId}::uuid, ${p.id}::uuid, ${sessionId}::uuid, ${p.goal_id}::uuid, ${p.sub_goal_id}::uuid, ${p.trial_no}::int,
      ${p.kind}, ${p.outcome}, ${p.prompt_level}, ${p.count}::int, ${p.duration_ms}::int, ${p.recorded_at}::timestamptz, ${p.device_id}, ${p.device_seq}::bigint)`,
  );
  const result = await tx.execute(sql`
    INSERT INTO data_points (organization_id, id, session_id, goal_id, sub_goal_id, trial_no, kind, outcome, prompt_level, count, duration_ms, recorded_at, device_id, device_seq)
    VALUES ${sql.join(values, sql`, `)}
    ON CONFLICT ON CONSTRAINT data_points_key_uq DO UPDATE SET
      id = excluded.id, kind = excluded.kind, outcome = excluded.outcome, prompt_level = excluded.prompt_level,
      count = excluded.count, duration_ms = excluded.duration_ms, recorded_at = excluded.recorded_at,
      device_id = excluded.device_id, device_seq = excluded.device_seq, received_at = now(),
      deleted_at = NULL, corrected_at = NULL, original = NULL
    WHERE ${newerThan('data_points')}
    RETURNING 1`);
  return rowsOf(result).length;
}

/** Tombstones by key (inserted if the point never arrived), newer stamps only. */
export async function deletePoints(tx: Tx, organizationId: string, sessionId: string, keys: DeleteKeyRow[]): Promise<number> {
  const values = keys.map(
    (k) => sql`(${organizationId}::uuid, gen_random_uuid(), ${sessionId}::uuid, ${k.goal_id}::uuid, ${k.sub_goal_id}::uuid, ${k.trial_no}::int,
      'trial', ${k.recorded_at}::timestamptz, ${k.device_id}, ${k.device_seq}::bigint, now())`,
  );
  const result = await tx.execute(sql`
    INSERT INTO data_points (organization_id, id, session_id, goal_id, sub_goal_id, trial_no, kind, recorded_at, device_id, device_seq, deleted_at)
    VALUES ${sql.join(values, sql`, `)}
    ON CONFLICT ON CONSTRAINT data_points_key_uq DO UPDATE SET
      deleted_at = now(), recorded_at = excluded.recorded_at, device_id = excluded.device_id, device_seq = excluded.device_seq
    WHERE ${newerThan('data_points')}
    RETURNING 1`);
  return rowsOf(result).length;
}

export async function findPoint(tx: Tx, organizationId: string, pointId: string) {
  const rows = await tx
    .select()
    .from(dataPoints)
    .where(and(eq(dataPoints.organizationId, organizationId), eq(dataPoints.id, pointId), isNull(dataPoints.deletedAt)))
    .limit(1);
  return rows[0] ?? null;
}

export async function saveCorrection(
  tx: Tx,
  organizationId: string,
  pointId: string,
  values: { outcome: string | null; promptLevel: string | null; count: number | null; durationMs: number | null; original: unknown } & Stamp,
) {
  const rows = await tx
    .update(dataPoints)
    .set({
      outcome: values.outcome as (typeof dataPoints.$inferInsert)['outcome'],
      promptLevel: values.promptLevel,
      count: values.count,
      durationMs: values.durationMs,
      original: values.original,
      correctedAt: sql`now()`,
      recordedAt: new Date(values.recorded_at),
      deviceId: values.device_id,
      deviceSeq: values.device_seq,
    })
    .where(
      and(
        eq(dataPoints.organizationId, organizationId),
        eq(dataPoints.id, pointId),
        sql`(${values.recorded_at}::timestamptz, ${values.device_id}::text, ${values.device_seq}::bigint) > (${dataPoints.recordedAt}, ${dataPoints.deviceId}, ${dataPoints.deviceSeq})`,
      ),
    )
    .returning();
  return rows[0] ?? null;
}

export async function livePoints(tx: Tx, organizationId: string, sessionId: string) {
  return tx
    .select()
    .from(dataPoints)
    .where(and(eq(dataPoints.organizationId, organizationId), eq(dataPoints.sessionId, sessionId), isNull(dataPoints.deletedAt)))
    .orderBy(asc(dataPoints.goalId), asc(dataPoints.subGoalId), asc(dataPoints.trialNo));
}

export async function upsertTrialState(
  tx: Tx,
  organizationId: string,
  row: { sessionId: string; goalId: string; subGoalKey: string; trialNo: number; status: 'open' | 'completed' } & Stamp,
) {
  await tx.execute(sql`
    INSERT INTO trial_states (organization_id, session_id, goal_id, sub_goal_key, trial_no, status, recorded_at, device_id, device_seq)
    VALUES (${organizationId}::uuid, ${row.sessionId}::uuid, ${row.goalId}::uuid, ${row.subGoalKey}, ${row.trialNo}, ${row.status},
      ${row.recorded_at}::timestamptz, ${row.device_id}, ${row.device_seq})
    ON CONFLICT (organization_id, session_id, goal_id, sub_goal_key) DO UPDATE SET
      trial_no = excluded.trial_no, status = excluded.status, recorded_at = excluded.recorded_at,
      device_id = excluded.device_id, device_seq = excluded.device_seq
    WHERE ${newerThan('trial_states')}`);
}

export async function trialStatesOf(tx: Tx, organizationId: string, sessionId: string) {
  return tx
    .select()
    .from(trialStates)
    .where(and(eq(trialStates.organizationId, organizationId), eq(trialStates.sessionId, sessionId)));
}

export async function upsertFocus(
  tx: Tx,
  organizationId: string,
  row: { sessionId: string; goalId: string | null; subGoalId: string | null } & Stamp,
) {
  await tx.execute(sql`
    INSERT INTO session_focus (organization_id, session_id, goal_id, sub_goal_id, started_at, recorded_at, device_id, device_seq)
    VALUES (${organizationId}::uuid, ${row.sessionId}::uuid, ${row.goalId}::uuid, ${row.subGoalId}::uuid,
      ${row.goalId ? row.recorded_at : null}::timestamptz, ${row.recorded_at}::timestamptz, ${row.device_id}, ${row.device_seq})
    ON CONFLICT (organization_id, session_id) DO UPDATE SET
      goal_id = excluded.goal_id, sub_goal_id = excluded.sub_goal_id, started_at = excluded.started_at,
      recorded_at = excluded.recorded_at, device_id = excluded.device_id, device_seq = excluded.device_seq
    WHERE ${newerThan('session_focus')}`);
}

export async function focusOf(tx: Tx, organizationId: string, sessionId: string) {
  const rows = await tx
    .select()
    .from(sessionFocus)
    .where(and(eq(sessionFocus.organizationId, organizationId), eq(sessionFocus.sessionId, sessionId)))
    .limit(1);
  return rows[0] ?? null;
}

/** The student is in the organization and, when a membership is given, assigned to that therapist. */
export async function isStudentVisible(tx: Tx, organizationId: string, studentId: string, membershipId: string | null) {
  const rows =
    membershipId === null
      ? await tx
          .select({ id: students.id })
          .from(students)
          .where(and(eq(students.organizationId, organizationId), eq(students.id, studentId)))
          .limit(1)
      : await tx
          .select({ id: departmentStudents.studentId })
          .from(departmentStudentTherapists)
          .innerJoin(
            departmentStudents,
            and(
              eq(departmentStudents.organizationId, departmentStudentTherapists.organizationId),
              eq(departmentStudents.id, departmentStudentTherapists.departmentStudentId),
            ),
          )
          .where(
            and(
              eq(departmentStudentTherapists.organizationId, organizationId),
              eq(departmentStudentTherapists.membershipId, membershipId),
              eq(departmentStudents.studentId, studentId),
            ),
          )
          .limit(1);
  return rows.length > 0;
}

/** Per recent session of a student and goal: trials and correct responses (with or without prompt). */
export async function studentHistory(tx: Tx, organizationId: string, studentId: string, limit: number) {
  const sessions = await tx
    .select({ id: therasessions.id, startAt: therasessions.startAt })
    .from(therasessions)
    .where(and(eq(therasessions.organizationId, organizationId), eq(therasessions.studentId, studentId)))
    .orderBy(desc(therasessions.startAt))
    .limit(limit);
  if (sessions.length === 0) {
    return [];
  }
  const rows = await tx
    .select({
      sessionId: dataPoints.sessionId,
      goalId: dataPoints.goalId,
      trials: sql<number>`count(*)::int`,
      correct: sql<number>`count(*) FILTER (WHERE ${dataPoints.outcome} IN ('correct', 'prompted'))::int`,
    })
    .from(dataPoints)
    .where(
      and(
        eq(dataPoints.organizationId, organizationId),
        inArray(dataPoints.sessionId, sessions.map((s) => s.id)),
        eq(dataPoints.kind, 'trial'),
        isNull(dataPoints.deletedAt),
      ),
    )
    .groupBy(dataPoints.sessionId, dataPoints.goalId);
  const startOf = new Map(sessions.map((s) => [s.id, s.startAt]));
  return rows.map((r) => ({ ...r, startAt: startOf.get(r.sessionId) ?? new Date(0) }));
}
