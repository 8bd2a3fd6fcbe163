import type { OrganizationId } from '../../lib/ids';
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/handles';
import { dataPoints, sessionFocus, trialStates } from '../../db/schema/collector';
import { assignedGoals, subGoals } from '../../db/schema/goals';
import { therasessions } from '../../db/schema/scheduling';
import type { DeleteKeyRow, PointRow, Stamp } from './types';
import { staleFromSameDevice, stampColumns, stampValues, stampWins, timeFlag } from './stamp';

const wins = (table: string) => stampWins(stampColumns('excluded'), stampColumns(table));

export async function findSession(tx: Tx, organizationId: OrganizationId, sessionId: string) {
  const rows = await tx
    .select()
    .from(therasessions)
    .where(and(eq(therasessions.organizationId, organizationId), eq(therasessions.id, sessionId)))
    .limit(1);
  return rows[0] ?? null;
}

/** The session and every goal/sub-goal of its student, in one round trip (the write path's checks). */
export async function sessionTargets(tx: Tx, organizationId: OrganizationId, sessionId: string) {
  const rows = rowsOf<{
    therapist_membership_id: string;
    student_id: string;
    goal_id: string | null;
    measurement: 'discrete' | 'frequency' | 'duration' | null;
    sub_goal_id: string | null;
    assigned: boolean;
  }>(
    await tx.execute(sql`
      SELECT s.therapist_membership_id, s.student_id, g.id AS goal_id, g.measurement, sg.id AS sub_goal_id,
        EXISTS (
          SELECT 1 FROM department_student_therapists dst
          JOIN department_students ds ON ds.organization_id = dst.organization_id AND ds.id = dst.department_student_id
          WHERE dst.organization_id = s.organization_id AND dst.membership_id = s.therapist_membership_id
            AND ds.student_id = s.student_id
        ) AS assigned
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
  return {
    therapistMembershipId: first.therapist_membership_id,
    studentId: first.student_id,
    /** The session's therapist is assigned to its student today (in any department). */
    assigned: first.assigned,
    goals: [...goals.values()],
  };
}

/**
 * When the session's therapist last stopped being assigned to the student, from the audit trail
 * (server/features/departments records every assignment it deletes); null when no such record exists.
 */
export async function assignmentEndedAt(tx: Tx, organizationId: OrganizationId, membershipId: string, studentId: string) {
  const [row] = rowsOf<{ at: Date | string | null }>(
    await tx.execute(sql`
      SELECT max(at) AS at FROM audit_trail
      WHERE organization_id = ${organizationId}::uuid AND entity = 'department_student_therapist' AND action = 'delete'
        AND scope @> ${JSON.stringify({ student: studentId, membership: membershipId })}::jsonb`),
  );
  return row?.at ? new Date(row.at) : null;
}

export async function goalsForStudent(tx: Tx, organizationId: OrganizationId, studentId: string, departmentId: string | null) {
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

/**
 * A batch travels as one JSON parameter that the database unpacks (json_to_recordset): the
 * statement's text and its parameters stay the same size whatever the batch's size, so neither
 * the driver nor the parser works per point. `i` is the row's place in the caller's array.
 */
const KEY_COLUMNS = 'i int, goal_id uuid, sub_goal_id uuid, trial_no int, recorded_at timestamptz(3), device_id text, device_seq bigint';
const POINT_COLUMNS = `${KEY_COLUMNS}, id uuid, kind text, outcome text, prompt_level text, count int, duration_ms int`;
const asRecords = <T extends object>(rows: readonly T[], indexes: readonly number[] = rows.map((_, i) => i)) =>
  JSON.stringify(indexes.map((i) => ({ ...rows[i], i })));
/**
 * Rows are written and locked in one key order (keys with a sub-goal first, as lockStoredAtKeys
 * takes them), so two calls meeting on several keys never wait on each other in a cycle.
 */
const KEY_ORDER = sql.raw('k.sub_goal_id IS NULL, k.goal_id, k.sub_goal_id, k.trial_no');

/** A key as one comparable value (no sub-goal as the nil id, which no real id is: contract/fields.ts), so a set of keys hashes. */
const hashableKey = (t: string) =>
  sql.raw(`(${t}.goal_id, coalesce(${t}.sub_goal_id, '00000000-0000-0000-0000-000000000000'::uuid), ${t}.trial_no)`);

/**
 * Inserts the rows whose key holds nothing yet (points, or tombstones for a deletion that arrives
 * before its point) and answers the indexes of the rows whose key is taken. A key another call is
 * inserting at the same moment is waited for, then counted as taken: its row is committed by then,
 * so the caller's next statement reads it. The common case, new taps, is this one statement.
 */
async function insertWhereFree(tx: Tx, columns: string, records: string, insert: SQL): Promise<number[]> {
  const rows = rowsOf<{ i: number }>(
    await tx.execute(sql`
      WITH k AS MATERIALIZED (SELECT * FROM json_to_recordset(${records}::json) AS k(${sql.raw(columns)})),
      inserted AS (${insert} ON CONFLICT ON CONSTRAINT data_points_key_uq DO NOTHING RETURNING goal_id, sub_goal_id, trial_no)
      SELECT k.i FROM k WHERE NOT EXISTS (SELECT 1 FROM inserted d WHERE ${hashableKey('d')} = ${hashableKey('k')})`),
  );
  return rows.map((r) => Number(r.i));
}

/** New points go in as sent; a key already stored is answered for the caller to compare (service.ts). */
export function insertNewPoints(tx: Tx, organizationId: OrganizationId, sessionId: string, points: PointRow[]): Promise<number[]> {
  return insertWhereFree(
    tx,
    POINT_COLUMNS,
    asRecords(points),
    sql`INSERT INTO data_points (organization_id, id, session_id, goal_id, sub_goal_id, trial_no, kind, outcome, prompt_level, count,
        duration_ms, recorded_at, device_id, device_seq, recorded_at_flag)
      SELECT ${organizationId}::uuid, k.id, ${sessionId}::uuid, k.goal_id, k.sub_goal_id, k.trial_no, k.kind, k.outcome, k.prompt_level,
        k.count, k.duration_ms, k.recorded_at, k.device_id, k.device_seq, ${timeFlag(sql.raw('k.recorded_at'))}
      FROM k ORDER BY ${KEY_ORDER}`,
  );
}

/** Tombstones for keys that never held a point (its upsert, arriving later, stays deleted). */
export function insertTombstones(tx: Tx, organizationId: OrganizationId, sessionId: string, keys: DeleteKeyRow[]): Promise<number[]> {
  return insertWhereFree(
    tx,
    KEY_COLUMNS,
    asRecords(keys),
    sql`INSERT INTO data_points (organization_id, id, session_id, goal_id, sub_goal_id, trial_no, kind, recorded_at, device_id, device_seq,
        deleted_at, recorded_at_flag)
      SELECT ${organizationId}::uuid, gen_random_uuid(), ${sessionId}::uuid, k.goal_id, k.sub_goal_id, k.trial_no, 'trial', k.recorded_at,
        k.device_id, k.device_seq, now(), ${timeFlag(sql.raw('k.recorded_at'))}
      FROM k ORDER BY ${KEY_ORDER}`,
  );
}

/**
 * What is stored under each incoming key, and how the incoming stamp compares (the rule in stamp.ts).
 * The rows are held until commit: the values compared are the values the write replaces.
 */
export interface StoredAtKey {
  index: number;
  id: string;
  kind: 'trial' | 'frequency' | 'duration';
  outcome: PointRow['outcome'];
  prompt_level: string | null;
  count: number | null;
  duration_ms: number | null;
  recorded_at: string;
  device_id: string;
  device_seq: number;
  is_deleted: boolean;
  /** The incoming write replaces the stored one. */
  wins: boolean;
  /** The incoming write is older than the stored one of the same device. */
  stale: boolean;
}

/**
 * The stored rows under `keys[i]` for each of `indexes` (keys an insert found taken), locked in key
 * order. Each key is one exact probe of the key's unique index (a lateral look-up per key: the plan
 * can't become a scan of every point of the session), keys with and without a sub-goal apart, since
 * an OR of the two, or IS NOT DISTINCT FROM, can't be one probe.
 */
export async function lockStoredAtKeys(
  tx: Tx,
  organizationId: OrganizationId,
  sessionId: string,
  keys: DeleteKeyRow[],
  indexes: number[],
): Promise<StoredAtKey[]> {
  if (indexes.length === 0) {
    return [];
  }
  const lockWhere = (withSubGoal: boolean) => sql`
    SELECT k.i AS index, d.id, d.kind, d.outcome, d.prompt_level, d.count, d.duration_ms, d.recorded_at, d.device_id, d.device_seq,
      d.deleted_at IS NOT NULL AS is_deleted,
      ${stampWins(stampColumns('k'), stampColumns('d'))} AS wins,
      ${staleFromSameDevice(stampColumns('k'), stampColumns('d'))} AS stale
    FROM (SELECT * FROM k WHERE k.sub_goal_id IS ${sql.raw(withSubGoal ? 'NOT NULL' : 'NULL')} ORDER BY ${KEY_ORDER}) k
    CROSS JOIN LATERAL (
      SELECT * FROM data_points d
      WHERE d.organization_id = ${organizationId}::uuid AND d.session_id = ${sessionId}::uuid AND d.goal_id = k.goal_id
        AND ${sql.raw(withSubGoal ? 'd.sub_goal_id = k.sub_goal_id' : 'd.sub_goal_id IS NULL')} AND d.trial_no = k.trial_no
      FOR UPDATE
    ) d`;
  const rows = rowsOf<Omit<StoredAtKey, 'recorded_at' | 'device_seq'> & { recorded_at: Date | string; device_seq: number | string }>(
    await tx.execute(sql`
      WITH k AS MATERIALIZED (SELECT * FROM json_to_recordset(${asRecords(keys, indexes)}::json) AS k(${sql.raw(KEY_COLUMNS)})),
      with_sub_goal AS (${lockWhere(true)}),
      without_sub_goal AS (${lockWhere(false)})
      SELECT * FROM with_sub_goal UNION ALL SELECT * FROM without_sub_goal`),
  );
  return rows.map((r) => ({
    ...r,
    index: Number(r.index),
    recorded_at: new Date(r.recorded_at).toISOString(),
    device_seq: Number(r.device_seq),
  }));
}

/** A write to a stored row, named by that row's id (locked by lockStoredAtKeys). */
type OverStored<T> = T & { stored_id: string };

/** Replaces stored points where the incoming stamp wins. Answers rows replaced. */
export async function replacePoints(tx: Tx, organizationId: OrganizationId, points: OverStored<PointRow>[]): Promise<number> {
  if (points.length === 0) {
    return 0;
  }
  const result = await tx.execute(sql`
    UPDATE data_points d SET
      id = k.id, kind = k.kind, outcome = k.outcome, prompt_level = k.prompt_level, count = k.count, duration_ms = k.duration_ms,
      recorded_at = k.recorded_at, device_id = k.device_id, device_seq = k.device_seq, received_at = now(),
      recorded_at_flag = ${timeFlag(sql.raw('k.recorded_at'))}, deleted_at = NULL, corrected_at = NULL, original = NULL
    FROM json_to_recordset(${asRecords(points)}::json) AS k(${sql.raw(POINT_COLUMNS)}, stored_id uuid)
    WHERE d.organization_id = ${organizationId}::uuid AND d.id = k.stored_id AND ${stampWins(stampColumns('k'), stampColumns('d'))}
    RETURNING 1`);
  return rowsOf(result).length;
}

/** Marks stored points deleted where the deletion's stamp wins. Answers rows changed. */
export async function tombstonePoints(tx: Tx, organizationId: OrganizationId, keys: OverStored<DeleteKeyRow>[]): Promise<number> {
  if (keys.length === 0) {
    return 0;
  }
  const result = await tx.execute(sql`
    UPDATE data_points d SET
      deleted_at = now(), recorded_at = k.recorded_at, device_id = k.device_id, device_seq = k.device_seq,
      recorded_at_flag = ${timeFlag(sql.raw('k.recorded_at'))}
    FROM json_to_recordset(${asRecords(keys)}::json) AS k(${sql.raw(KEY_COLUMNS)}, stored_id uuid)
    WHERE d.organization_id = ${organizationId}::uuid AND d.id = k.stored_id AND ${stampWins(stampColumns('k'), stampColumns('d'))}
    RETURNING 1`);
  return rowsOf(result).length;
}

export interface Observation extends Stamp {
  point_id: string;
  goal_id: string;
  sub_goal_id: string | null;
  trial_no: number;
  kind: 'trial' | 'frequency' | 'duration';
  outcome: PointRow['outcome'];
  prompt_level: string | null;
  count: number | null;
  duration_ms: number | null;
  is_deletion: boolean;
  reason: 'lost' | 'replaced';
  winner_device_id: string;
}

/** Keeps the observations that did not stay live (two-observer mode); a replayed one is kept once. */
export async function insertObservations(tx: Tx, organizationId: OrganizationId, sessionId: string, rows: Observation[]) {
  if (rows.length === 0) {
    return;
  }
  await tx.execute(sql`
    INSERT INTO point_observations (organization_id, point_id, session_id, goal_id, sub_goal_id, trial_no, kind, outcome, prompt_level, count,
      duration_ms, is_deletion, recorded_at, device_id, device_seq, reason, winner_device_id)
    SELECT ${organizationId}::uuid, o.point_id, ${sessionId}::uuid, o.goal_id, o.sub_goal_id, o.trial_no, o.kind, o.outcome, o.prompt_level,
      o.count, o.duration_ms, o.is_deletion, o.recorded_at, o.device_id, o.device_seq, o.reason, o.winner_device_id
    FROM json_to_recordset(${JSON.stringify(rows)}::json) AS o(point_id uuid, goal_id uuid, sub_goal_id uuid, trial_no int, kind text,
      outcome text, prompt_level text, count int, duration_ms int, is_deletion boolean, recorded_at timestamptz(3), device_id text,
      device_seq bigint, reason text, winner_device_id text)
    ON CONFLICT ON CONSTRAINT point_observations_write_uq DO NOTHING`);
}

export async function findPoint(tx: Tx, organizationId: OrganizationId, pointId: string) {
  const rows = await tx
    .select()
    .from(dataPoints)
    .where(and(eq(dataPoints.organizationId, organizationId), eq(dataPoints.id, pointId), isNull(dataPoints.deletedAt)))
    .limit(1);
  return rows[0] ?? null;
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

export async function livePoints(tx: Tx, organizationId: OrganizationId, sessionId: string) {
  return tx
    .select()
    .from(dataPoints)
    .where(and(eq(dataPoints.organizationId, organizationId), eq(dataPoints.sessionId, sessionId), isNull(dataPoints.deletedAt)))
    .orderBy(asc(dataPoints.goalId), asc(dataPoints.subGoalId), asc(dataPoints.trialNo));
}

export async function upsertTrialState(
  tx: Tx,
  organizationId: OrganizationId,
  row: { sessionId: string; goalId: string; subGoalKey: string; trialNo: number; status: 'open' | 'completed' } & Stamp,
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

export async function trialStatesOf(tx: Tx, organizationId: OrganizationId, sessionId: string) {
  return tx
    .select()
    .from(trialStates)
    .where(and(eq(trialStates.organizationId, organizationId), eq(trialStates.sessionId, sessionId)));
}

export async function upsertFocus(
  tx: Tx,
  organizationId: OrganizationId,
  row: { sessionId: string; goalId: string | null; subGoalId: string | null } & Stamp,
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

export async function focusOf(tx: Tx, organizationId: OrganizationId, sessionId: string) {
  const rows = await tx
    .select()
    .from(sessionFocus)
    .where(and(eq(sessionFocus.organizationId, organizationId), eq(sessionFocus.sessionId, sessionId)))
    .limit(1);
  return rows[0] ?? null;
}

/** Per recent session of a student and goal: trials and correct responses (with or without prompt). */
export async function studentHistory(tx: Tx, organizationId: OrganizationId, studentId: string, limit: number) {
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
        inArray(
          dataPoints.sessionId,
          sessions.map((s) => s.id),
        ),
        eq(dataPoints.kind, 'trial'),
        isNull(dataPoints.deletedAt),
      ),
    )
    .groupBy(dataPoints.sessionId, dataPoints.goalId);
  const startOf = new Map(sessions.map((s) => [s.id, s.startAt]));
  return rows.map((r) => ({ ...r, startAt: startOf.get(r.sessionId) ?? new Date(0) }));
}
