import type { DepartmentId, MembershipId, OrganizationId, SessionId, StudentId, UserId } from '../../lib/ids';
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/handles';
import { dataPoints, sessionFocus, trialStates } from '../../db/schema/collector';
import { assignedGoals, subGoals } from '../../db/schema/goals';
import { therasessions } from '../../db/schema/scheduling';
import { isAssignedSql } from '../../lib/access';
import { tenantRows } from '../../lib/tenant-rows';
import { templatePartsSql } from '../../lib/access';
import type { OrgAccess } from '../../lib/access';
import type { GoalStatus, MasteryCriterion, TargetStatus } from '../../../contract/mastery';
import { EVALUATED_STATUSES } from '../../../contract/mastery-rule';
import { staleFromSameDevice, stampColumns, stampValues, stampWins, timeFlag, type Stamp } from './repository-stamp';

const wins = (table: string) => stampWins(stampColumns('excluded'), stampColumns(table));

/** The session's therapist is assigned to its student (the one student scope, on the session's own columns). */
const SESSION_THERAPIST_ASSIGNED = isAssignedSql({
  organizationId: sql.raw('s.organization_id'),
  membershipId: sql.raw('s.therapist_membership_id'),
  studentId: sql.raw('s.student_id'),
});

export const findSession = tenantRows(therasessions).byId;

/** Only a session called off before it ran looks for data: every other session's write pays nothing. */
const CALLED_OFF_EMPTY = sql.raw(`CASE WHEN s.status IN ('cancelled', 'no_show') AND s.started_at IS NULL THEN NOT (
    EXISTS (SELECT 1 FROM data_points d WHERE d.organization_id = s.organization_id AND d.session_id = s.id)
    OR EXISTS (SELECT 1 FROM point_observations o WHERE o.organization_id = s.organization_id AND o.session_id = s.id)
    OR EXISTS (SELECT 1 FROM trial_states t WHERE t.organization_id = s.organization_id AND t.session_id = s.id))
  ELSE false END`);

/**
 * What the mastery rule needs of a goal, only for a goal it may evaluate (a criterion, in treatment):
 * every other goal's row carries null, so a batch on goals without a criterion reads nothing more.
 */
export interface GoalMastery {
  title: string;
  status: GoalStatus;
  criterion: MasteryCriterion;
  targets_in_sequence: boolean;
}
const GOAL_MASTERY =
  sql.raw(`CASE WHEN g.mastery_criterion IS NOT NULL AND g.status IN (${EVALUATED_STATUSES.map((s) => `'${s}'`).join(', ')})
  THEN json_build_object('title', g.title, 'status', g.status, 'criterion', g.mastery_criterion, 'targets_in_sequence', g.targets_in_sequence)
  END`);

export interface SessionTargetGoal {
  id: string;
  measurement: 'discrete' | 'frequency' | 'duration';
  mastery: GoalMastery | null;
  subGoals: { id: string; title: string; position: number; status: TargetStatus }[];
}

/**
 * The session and every goal/sub-goal of its student, in one round trip (the write path's checks),
 * with what the student's privacy-role template opens to the caller's membership (server/lib/access/parts.ts).
 */
export async function sessionTargets(
  tx: Tx,
  organizationId: OrganizationId,
  sessionId: SessionId,
  caller: Pick<OrgAccess, 'membershipId' | 'roleId'>,
) {
  const rows = rowsOf<{
    therapist_membership_id: MembershipId;
    student_id: StudentId;
    goal_id: string | null;
    measurement: 'discrete' | 'frequency' | 'duration' | null;
    sub_goal_id: string | null;
    sub_goal_title: string | null;
    sub_goal_position: number | null;
    sub_goal_status: TargetStatus | null;
    mastery: GoalMastery | null;
    assigned: boolean;
    template_parts: string[] | null;
    called_off_empty: boolean;
  }>(
    await tx.execute(sql`
      SELECT s.therapist_membership_id, s.student_id, g.id AS goal_id, g.measurement, sg.id AS sub_goal_id,
        sg.title AS sub_goal_title, sg.position AS sub_goal_position, sg.status AS sub_goal_status, ${GOAL_MASTERY} AS mastery,
        ${SESSION_THERAPIST_ASSIGNED} AS assigned, p.template_parts, ${CALLED_OFF_EMPTY} AS called_off_empty
      FROM therasessions s
      CROSS JOIN LATERAL (SELECT ${templatePartsSql(organizationId, caller, sql.raw('s.student_id'))} AS template_parts OFFSET 0) p
      LEFT JOIN assigned_goals g ON g.organization_id = s.organization_id AND g.student_id = s.student_id
      LEFT JOIN sub_goals sg ON sg.organization_id = g.organization_id AND sg.goal_id = g.id
      WHERE s.organization_id = ${organizationId}::uuid AND s.id = ${sessionId}::uuid`),
  );
  const first = rows[0];
  if (!first) {
    return null;
  }
  const goals = new Map<string, SessionTargetGoal>();
  for (const r of rows) {
    if (r.goal_id && r.measurement) {
      const goal = goals.get(r.goal_id) ?? { id: r.goal_id, measurement: r.measurement, mastery: r.mastery, subGoals: [] };
      if (r.sub_goal_id) {
        goal.subGoals.push({
          id: r.sub_goal_id,
          title: r.sub_goal_title ?? '',
          position: r.sub_goal_position ?? 0,
          status: r.sub_goal_status ?? 'active',
        });
      }
      goals.set(r.goal_id, goal);
    }
  }
  return {
    therapistMembershipId: first.therapist_membership_id,
    studentId: first.student_id,
    /** The session's therapist is assigned to its student today (in any department). */
    assigned: first.assigned,
    templateParts: first.template_parts,
    /** Cancelled or a no-show before it ever started, and holding no recorded data. */
    calledOffEmpty: first.called_off_empty,
    goals: [...goals.values()],
  };
}

/**
 * When the session's therapist last stopped being assigned to the student, from the audit trail
 * (server/features/departments records every assignment it deletes); null when no such record exists.
 */
export async function assignmentEndedAt(tx: Tx, organizationId: OrganizationId, membershipId: MembershipId, studentId: StudentId) {
  const [row] = rowsOf<{ at: Date | string | null }>(
    await tx.execute(sql`
      SELECT max(at) AS at FROM audit_trail
      WHERE organization_id = ${organizationId}::uuid AND entity = 'department_student_therapist' AND action = 'delete'
        AND scope @> ${JSON.stringify({ student: studentId, membership: membershipId })}::jsonb`),
  );
  return row?.at ? new Date(row.at) : null;
}

export async function goalsForStudent(tx: Tx, organizationId: OrganizationId, studentId: StudentId, departmentId: DepartmentId | null) {
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
        .where(
          and(
            eq(subGoals.organizationId, organizationId),
            inArray(
              subGoals.goalId,
              goals.map((g) => g.id),
            ),
          ),
        )
        .orderBy(asc(subGoals.position), asc(subGoals.id))
    : [];
  return goals.map((g) => ({ ...g, subGoals: subs.filter((s) => s.goalId === g.id) }));
}

/** The live point, held until commit, and how a correction's stamp compares with its stored one. */
export async function findPointForWrite(tx: Tx, organizationId: OrganizationId, pointId: string, incoming: Stamp) {
  const stored = stampColumns('data_points');
  const rows = await tx
    .select({
      point: dataPoints,
      wins: sql<boolean>`${stampWins(stampValues(incoming), stored)}`,
      stale: sql<boolean>`${staleFromSameDevice(stampValues(incoming), stored)}`,
    })
    .from(dataPoints)
    .where(and(eq(dataPoints.organizationId, organizationId), eq(dataPoints.id, pointId), isNull(dataPoints.deletedAt)))
    .limit(1)
    .for('update');
  return rows[0] ?? null;
}

export async function saveCorrection(
  tx: Tx,
  organizationId: OrganizationId,
  pointId: string,
  values: {
    outcome: string | null;
    promptLevel: string | null;
    count: number | null;
    durationMs: number | null;
    original: unknown;
    recordedBy: UserId | null;
  } & Stamp,
) {
  const recordedAt = sql`${values.recorded_at}::timestamptz(3)`;
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
      recordedAtFlag: sql`${timeFlag(recordedAt)}`,
      deviceId: values.device_id,
      deviceSeq: values.device_seq,
      recordedBy: values.recordedBy,
    })
    .where(
      and(
        eq(dataPoints.organizationId, organizationId),
        eq(dataPoints.id, pointId),
        stampWins(stampValues(values), stampColumns('data_points')),
      ),
    )
    .returning();
  return rows[0] ?? null;
}

export async function livePoints(tx: Tx, organizationId: OrganizationId, sessionId: SessionId) {
  return tx
    .select()
    .from(dataPoints)
    .where(and(eq(dataPoints.organizationId, organizationId), eq(dataPoints.sessionId, sessionId), isNull(dataPoints.deletedAt)))
    .orderBy(asc(dataPoints.goalId), asc(dataPoints.subGoalId), asc(dataPoints.trialNo));
}

export async function upsertTrialState(
  tx: Tx,
  organizationId: OrganizationId,
  row: { sessionId: SessionId; goalId: string; subGoalKey: string; trialNo: number; status: 'open' | 'completed' } & Stamp,
) {
  await tx.execute(sql`
    INSERT INTO trial_states (organization_id, session_id, goal_id, sub_goal_key, trial_no, status, recorded_at, device_id, device_seq)
    VALUES (${organizationId}::uuid, ${row.sessionId}::uuid, ${row.goalId}::uuid, ${row.subGoalKey}, ${row.trialNo}, ${row.status},
      ${row.recorded_at}::timestamptz, ${row.device_id}, ${row.device_seq})
    ON CONFLICT (organization_id, session_id, goal_id, sub_goal_key) DO UPDATE SET
      trial_no = excluded.trial_no, status = excluded.status, recorded_at = excluded.recorded_at,
      device_id = excluded.device_id, device_seq = excluded.device_seq
    WHERE ${wins('trial_states')}`);
}

export async function trialStatesOf(tx: Tx, organizationId: OrganizationId, sessionId: SessionId) {
  return tx
    .select()
    .from(trialStates)
    .where(and(eq(trialStates.organizationId, organizationId), eq(trialStates.sessionId, sessionId)));
}

export async function upsertFocus(
  tx: Tx,
  organizationId: OrganizationId,
  row: { sessionId: SessionId; goalId: string | null; subGoalId: string | null } & Stamp,
) {
  await tx.execute(sql`
    INSERT INTO session_focus (organization_id, session_id, goal_id, sub_goal_id, started_at, recorded_at, device_id, device_seq)
    VALUES (${organizationId}::uuid, ${row.sessionId}::uuid, ${row.goalId}::uuid, ${row.subGoalId}::uuid,
      ${row.goalId ? row.recorded_at : null}::timestamptz, ${row.recorded_at}::timestamptz, ${row.device_id}, ${row.device_seq})
    ON CONFLICT (organization_id, session_id) DO UPDATE SET
      goal_id = excluded.goal_id, sub_goal_id = excluded.sub_goal_id, started_at = excluded.started_at,
      recorded_at = excluded.recorded_at, device_id = excluded.device_id, device_seq = excluded.device_seq
    WHERE ${wins('session_focus')}`);
}

/**
 * True when a stored trial state or focus was written by the same device with a higher sequence
 * (the incoming write is stale). Holds the row until commit so the write that follows sees it as read.
 */
export async function isStaleFor(tx: Tx, table: 'trial_states' | 'session_focus', where: SQL, incoming: Stamp) {
  const rows = rowsOf(
    await tx.execute(
      sql`SELECT 1 FROM ${sql.identifier(table)} WHERE ${where} AND ${staleFromSameDevice(stampValues(incoming), stampColumns(table))} FOR UPDATE`,
    ),
  );
  return rows.length > 0;
}

export async function focusOf(tx: Tx, organizationId: OrganizationId, sessionId: SessionId) {
  const rows = await tx
    .select()
    .from(sessionFocus)
    .where(and(eq(sessionFocus.organizationId, organizationId), eq(sessionFocus.sessionId, sessionId)))
    .limit(1);
  return rows[0] ?? null;
}

/** The student's latest `limit` sessions (any status), newest first: the window of the tablet's history. */
export async function recentSessionIds(tx: Tx, organizationId: OrganizationId, studentId: StudentId, limit: number) {
  const rows = await tx
    .select({ id: therasessions.id })
    .from(therasessions)
    .where(and(eq(therasessions.organizationId, organizationId), eq(therasessions.studentId, studentId)))
    .orderBy(desc(therasessions.startAt))
    .limit(limit);
  return rows.map((r) => r.id);
}
