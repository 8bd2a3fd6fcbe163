import type { OrganizationId, SessionId, StudentId } from './ids';
import type { SessionMeasures } from '../../contract/mastery-measures';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Tx } from '../db/handles';

/** One session's measures for one goal (sub_goal_id null) or one of its targets. */
export type SessionResult = SessionMeasures & { goal_id: string; sub_goal_id: string | null };

export interface ResultsFilter {
  goalIds?: string[];
  studentId?: StudentId;
  sessionIds?: SessionId[];
  /** Only sessions that started at or after this moment. */
  since?: Date;
  /** Only the sessions among these targets' latest `n` with scored points (`latestSessions`). */
  latestOf?: { n: number; targets: ResultsTarget[] };
  /** Only sessions that started before this moment (a graph's last day shown, exclusive of the next). */
  before?: Date;
}

/**
 * Per session and goal, and per session and target: the live (not deleted) points summed into the
 * facts of `SessionMeasures`, one statement, oldest session first. A goal's own row sums all its
 * targets; a target's row only its own points. Only sessions with points appear. Every reader of
 * results (graphs, history, caseload, the mastery evaluation) reads them here, so one figure means
 * one thing everywhere.
 */
export async function sessionResults(tx: Tx, organizationId: OrganizationId, filter: ResultsFilter): Promise<SessionResult[]> {
  const where = conditions(organizationId, filter);
  if (where === null) {
    return [];
  }
  const rows = rowsOf<PartRow>(
    await tx.execute(sql`
      SELECT p.session_id, p.goal_id, p.sub_goal_id, p.prompt_level,
             min(s.start_at) AS at, min(s.therapist_membership_id::text) AS therapist_id,
             min(GREATEST(EXTRACT(EPOCH FROM (coalesce(s.ended_at, s.end_at) - coalesce(s.started_at, s.start_at))) / 60, 0))::float8 AS minutes,
             (count(*) FILTER (WHERE p.kind = 'trial' AND p.outcome IS NOT NULL))::int AS trials,
             (count(*) FILTER (WHERE p.kind = 'trial' AND p.outcome = 'correct'))::int AS correct,
             (count(*) FILTER (WHERE p.kind = 'trial' AND p.outcome = 'prompted'))::int AS prompted,
             coalesce(sum(p.count) FILTER (WHERE p.kind = 'frequency'), 0)::int AS count,
             coalesce(sum(p.duration_ms) FILTER (WHERE p.kind = 'duration'), 0)::float8 AS duration_ms,
             (count(*) FILTER (WHERE p.kind = 'duration'))::int AS episodes
      FROM ${fromClause(organizationId, filter)}
      WHERE ${sql.join(where, sql` AND `)}
      GROUP BY p.session_id, p.goal_id, p.sub_goal_id, p.prompt_level`),
  );
  return foldResults(rows);
}

const ids = (list: string[]) =>
  sql.join(
    list.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/** The filter's conditions on the points (p) and their sessions (s); null when a list given is empty (nothing matches). */
function conditions(organizationId: OrganizationId, filter: ResultsFilter): SQL[] | null {
  const where: SQL[] = [sql`p.organization_id = ${organizationId}`, sql`p.deleted_at IS NULL`];
  if (filter.goalIds?.length === 0 || filter.sessionIds?.length === 0) {
    return null;
  }
  if (filter.goalIds) {
    where.push(sql`p.goal_id IN (${ids(filter.goalIds)})`);
  }
  if (filter.sessionIds) {
    where.push(sql`p.session_id IN (${ids(filter.sessionIds)})`);
  }
  if (filter.studentId) {
    where.push(sql`s.student_id = ${filter.studentId}`);
  }
  if (filter.since) {
    where.push(sql`s.start_at >= ${filter.since.toISOString()}`);
  }
  if (filter.before) {
    where.push(sql`s.start_at < ${filter.before.toISOString()}`);
  }
  if (filter.latestOf?.targets.length === 0) {
    return null;
  }
  return where;
}

const POINTS_AND_SESSIONS = sql`data_points p JOIN therasessions s ON s.organization_id = p.organization_id AND s.id = p.session_id`;

/**
 * The points and their sessions; with `latestOf`, starting from the chosen sessions, computed once
 * (an init plan), each probing the points' key index: never a walk per point, nor a scan of a goal's points.
 */
function fromClause(organizationId: OrganizationId, filter: ResultsFilter): SQL {
  if (!filter.latestOf) {
    return POINTS_AND_SESSIONS;
  }
  const { n, targets } = filter.latestOf;
  return sql`unnest(ARRAY(${latestSessions(organizationId, n, targets)})) AS k(id)
    JOIN data_points p ON p.organization_id = ${organizationId} AND p.session_id = k.id
    JOIN therasessions s ON s.organization_id = p.organization_id AND s.id = p.session_id`;
}

/** A goal's own points (sub_goal_id null) or one target's. */
export interface ResultsTarget {
  goal_id: string;
  sub_goal_id: string | null;
}

/**
 * The sessions among these targets' latest `n` with scored points (a trial without an outcome scores
 * nothing), for the mastery rule: each target walks its student's sessions newest first, one probe of
 * the points' key index per session (a subquery run per session, so it is always that probe), until
 * it has `n`.
 */
function latestSessions(organizationId: OrganizationId, n: number, targets: ResultsTarget[]): SQL {
  return sql`
    SELECT DISTINCT x.id FROM json_to_recordset(${JSON.stringify(targets)}::json) AS t(goal_id uuid, sub_goal_id uuid)
    JOIN assigned_goals g ON g.organization_id = ${organizationId} AND g.id = t.goal_id
    CROSS JOIN LATERAL (
      SELECT s.id FROM therasessions s
      WHERE s.organization_id = g.organization_id AND s.student_id = g.student_id
        AND (SELECT 1 FROM data_points q
             WHERE q.organization_id = s.organization_id AND q.session_id = s.id AND q.goal_id = t.goal_id
               AND q.sub_goal_id IS NOT DISTINCT FROM t.sub_goal_id
               AND q.deleted_at IS NULL AND (q.kind <> 'trial' OR q.outcome IS NOT NULL)
             LIMIT 1) IS NOT NULL
      ORDER BY s.start_at DESC, s.id DESC
      LIMIT ${n}
    ) x`;
}

type PartRow = Omit<SessionResult, 'at' | 'prompt_levels'> & { at: Date | string; prompt_level: string | null };

const SUMMED = ['trials', 'correct', 'prompted', 'count', 'duration_ms', 'episodes'] as const;

/** Rows per (session, goal, target, prompt level) folded into one per target and one per goal, oldest session first. */
function foldResults(rows: PartRow[]): SessionResult[] {
  const folded = new Map<string, SessionResult>();
  const add = (key: string, r: PartRow, subGoalId: string | null) => {
    let into = folded.get(key);
    if (!into) {
      const at = typeof r.at === 'string' ? new Date(r.at).toISOString() : r.at.toISOString();
      into = {
        ...r,
        at,
        sub_goal_id: subGoalId,
        prompt_levels: {},
        trials: 0,
        correct: 0,
        prompted: 0,
        count: 0,
        duration_ms: 0,
        episodes: 0,
      };
      delete (into as Partial<PartRow>).prompt_level;
      folded.set(key, into);
    }
    for (const field of SUMMED) {
      into[field] += Number(r[field]);
    }
    if (r.prompt_level !== null && r.prompted > 0) {
      into.prompt_levels[r.prompt_level] = (into.prompt_levels[r.prompt_level] ?? 0) + Number(r.prompted);
    }
  };
  for (const r of rows) {
    add(`${r.session_id}|${r.goal_id}|`, r, null);
    if (r.sub_goal_id !== null) {
      add(`${r.session_id}|${r.goal_id}|${r.sub_goal_id}`, r, r.sub_goal_id);
    }
  }
  return [...folded.values()].sort(
    (a, b) =>
      a.at.localeCompare(b.at) ||
      a.session_id.localeCompare(b.session_id) ||
      a.goal_id.localeCompare(b.goal_id) ||
      (a.sub_goal_id ?? '').localeCompare(b.sub_goal_id ?? ''),
  );
}

/** How many sessions hold live points of a goal, and the latest of them. */
export interface GoalSpan {
  goal_id: string;
  sessions: number;
  last_session_id: SessionId;
}

/**
 * Per goal of a student: the sessions that hold live points of it, counted, and the latest. Each of
 * the student's sessions probes the points' key index once per goal (a subquery per pair, so it is
 * that probe rather than a scan of the student's year of points), which keeps a student's page with
 * twenty goals and a year of sessions quick; the figures of the latest session come from
 * `sessionResults` given those sessions.
 */
export async function goalSpans(tx: Tx, organizationId: OrganizationId, studentId: StudentId): Promise<GoalSpan[]> {
  return rowsOf<GoalSpan>(
    await tx.execute(sql`
      SELECT g.id AS goal_id, count(*)::int AS sessions, (array_agg(s.id ORDER BY s.start_at DESC, s.id DESC))[1] AS last_session_id
      FROM assigned_goals g
      JOIN therasessions s ON s.organization_id = g.organization_id AND s.student_id = g.student_id
      WHERE g.organization_id = ${organizationId} AND g.student_id = ${studentId}
        AND (SELECT 1 FROM data_points q
             WHERE q.organization_id = s.organization_id AND q.session_id = s.id AND q.goal_id = g.id AND q.deleted_at IS NULL
             LIMIT 1) IS NOT NULL
      GROUP BY g.id`),
  );
}
