/** The SQL of the session history: a student's page of sessions, their corrections, the goals they name. */
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/handles';
import type { MembershipId, OrganizationId, StudentId } from '../../lib/ids';
import type { Window } from '../../lib/pagination';

export interface SessionRow {
  id: string;
  status: 'scheduled' | 'in_progress' | 'completed' | 'cancelled' | 'no_show' | 'ended_early';
  planned_start: Date | string;
  planned_end: Date | string;
  started_at: Date | string | null;
  ended_at: Date | string | null;
  therapist_id: string;
  first_name: string;
  last_name: string;
  service_id: string | null;
  service_name: string | null;
  department_id: string | null;
  department_name: string | null;
  end_note: string;
  overtime_reason: string;
  has_conflicts: boolean;
  total: number;
}

export interface HistoryFilter {
  studentId: StudentId;
  /** Only this therapist's sessions (a caller who reads their own). */
  therapistId?: MembershipId | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * The student's sessions that are history: every one that has started, ended or was called off,
 * and the planned ones whose time has come; newest planned start first. The period's days are read
 * in the organization's time zone.
 */
export async function sessionPage(tx: Tx, organizationId: OrganizationId, filter: HistoryFilter, window: Window): Promise<SessionRow[]> {
  const where: SQL[] = [
    sql`s.organization_id = ${organizationId}`,
    sql`s.student_id = ${filter.studentId}`,
    sql`(s.status <> 'scheduled' OR s.start_at <= now())`,
  ];
  if (filter.therapistId) {
    where.push(sql`s.therapist_membership_id = ${filter.therapistId}`);
  }
  if (filter.from) {
    where.push(sql`coalesce(s.planned_start_at, s.start_at) >= (${filter.from}::date::timestamp AT TIME ZONE o.timezone)`);
  }
  if (filter.to) {
    where.push(sql`coalesce(s.planned_start_at, s.start_at) < ((${filter.to}::date + 1)::timestamp AT TIME ZONE o.timezone)`);
  }
  return rowsOf<SessionRow>(
    await tx.execute(sql`
      SELECT s.id, s.status, coalesce(s.planned_start_at, s.start_at) AS planned_start,
        coalesce(s.planned_start_at, s.start_at) + (s.end_at - s.start_at) AS planned_end,
        s.started_at, s.ended_at, s.therapist_membership_id AS therapist_id, u.first_name, u.last_name,
        sv.id AS service_id, sv.name AS service_name, d.id AS department_id, d.name AS department_name,
        s.end_note, s.overtime_reason,
        EXISTS (SELECT 1 FROM point_observations po WHERE po.organization_id = s.organization_id AND po.session_id = s.id) AS has_conflicts,
        count(*) OVER ()::int AS total
      FROM therasessions s
      JOIN organizations o ON o.id = s.organization_id
      JOIN memberships m ON m.organization_id = s.organization_id AND m.id = s.therapist_membership_id
      JOIN users u ON u.id = m.user_id
      LEFT JOIN services sv ON sv.organization_id = s.organization_id AND sv.id = s.service_id
      LEFT JOIN departments d ON d.organization_id = s.organization_id AND d.id = s.department_id
      WHERE ${sql.join(where, sql` AND `)}
      ORDER BY coalesce(s.planned_start_at, s.start_at) DESC, s.id DESC
      LIMIT ${window.limit} OFFSET ${window.offset}`),
  );
}

export interface CorrectionRow {
  id: string;
  session_id: string;
  goal_id: string;
  sub_goal_id: string | null;
  trial_no: number;
  kind: 'trial' | 'frequency' | 'duration';
  outcome: string | null;
  prompt_level: string | null;
  count: number | null;
  duration_ms: number | null;
  original: Record<string, unknown> | null;
  corrected_at: Date | string;
  recorded_by: string | null;
  first_name: string | null;
  last_name: string | null;
}

/** The rows a statement over some ids answers; none without ids (no statement is sent). */
async function rowsForIds<T>(tx: Tx, ids: readonly string[], statement: (ids: SQL) => SQL): Promise<T[]> {
  return ids.length === 0 ? [] : rowsOf<T>(await tx.execute(statement(sql`${`{${[...new Set(ids)].join(',')}}`}::uuid[]`)));
}

/** The live points of these sessions corrected after they were recorded, in key order. */
export async function correctionsOf(tx: Tx, organizationId: OrganizationId, sessionIds: string[]): Promise<CorrectionRow[]> {
  return rowsForIds<CorrectionRow>(
    tx,
    sessionIds,
    (ids) => sql`
      SELECT p.id, p.session_id, p.goal_id, p.sub_goal_id, p.trial_no, p.kind, p.outcome, p.prompt_level, p.count,
        p.duration_ms, p.original, p.corrected_at, p.recorded_by, u.first_name, u.last_name
      FROM data_points p LEFT JOIN users u ON u.id = p.recorded_by
      WHERE p.organization_id = ${organizationId} AND p.deleted_at IS NULL AND p.corrected_at IS NOT NULL
        AND p.session_id = ANY(${ids})
      ORDER BY p.goal_id, p.sub_goal_id NULLS FIRST, p.trial_no`,
  );
}

export interface GoalRow {
  id: string;
  title: string;
  measurement: 'discrete' | 'frequency' | 'duration';
  targets: { id: string; title: string }[] | null;
}

/** These goals with their targets in order. */
export async function goalsNamed(tx: Tx, organizationId: OrganizationId, goalIds: string[]): Promise<GoalRow[]> {
  return rowsForIds<GoalRow>(
    tx,
    goalIds,
    (ids) => sql`
      SELECT g.id, g.title, g.measurement,
        (SELECT json_agg(json_build_object('id', t.id, 'title', t.title) ORDER BY t.position, t.title)
         FROM sub_goals t WHERE t.organization_id = g.organization_id AND t.goal_id = g.id) AS targets
      FROM assigned_goals g
      WHERE g.organization_id = ${organizationId} AND g.id = ANY(${ids})
      ORDER BY g.title`,
  );
}

/** The student's name, or nothing for another organization's id. */
export async function studentName(tx: Tx, organizationId: OrganizationId, studentId: StudentId) {
  const [row] = rowsOf<{ id: string; first_name: string; last_name: string }>(
    await tx.execute(sql`SELECT id, first_name, last_name FROM students WHERE organization_id = ${organizationId} AND id = ${studentId}`),
  );
  return row;
}
