/** The SQL of the caseload: the students in scope, their goals, and ended sessions without a note. */
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/handles';
import type { DepartmentId, MembershipId, OrganizationId } from '../../lib/ids';
import type { MasteryCriterion } from '../../../contract/mastery';

export interface ScopeFilter {
  /** The caller's reach as a condition on `st.id`. */
  reaches: SQL;
  /** True where the caller supervises the student `st.id` (reads all their sessions). */
  supervises: SQL;
  therapistId?: MembershipId | undefined;
  departmentId?: DepartmentId | undefined;
}

export interface ScopeStudent {
  id: string;
  first_name: string;
  last_name: string;
  supervised: boolean;
}

/** The students of the caseload: reached, and in the therapist's assignments or the department when asked. */
export async function studentsInScope(tx: Tx, organizationId: OrganizationId, f: ScopeFilter): Promise<ScopeStudent[]> {
  const where: SQL[] = [sql`st.organization_id = ${organizationId}`, f.reaches];
  if (f.therapistId) {
    where.push(sql`EXISTS (SELECT 1 FROM department_student_therapists dst
      JOIN department_students ds ON ds.organization_id = dst.organization_id AND ds.id = dst.department_student_id
      WHERE dst.organization_id = st.organization_id AND dst.membership_id = ${f.therapistId} AND ds.student_id = st.id)`);
  }
  if (f.departmentId) {
    where.push(sql`EXISTS (SELECT 1 FROM department_students ds
      WHERE ds.organization_id = st.organization_id AND ds.department_id = ${f.departmentId} AND ds.student_id = st.id)`);
  }
  return rowsOf<ScopeStudent>(
    await tx.execute(sql`
      SELECT st.id, st.first_name, st.last_name, ${f.supervises} AS supervised
      FROM students st WHERE ${sql.join(where, sql` AND `)}
      ORDER BY st.last_name, st.first_name, st.id`),
  );
}

export interface CaseloadGoalRow {
  id: string;
  student_id: string;
  title: string;
  measurement: 'discrete' | 'frequency' | 'duration';
  status: string;
  mastery_criterion: MasteryCriterion | null;
  created_at: Date | string;
  targets: { id: string; title: string; status: string }[] | null;
}

const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** The goals of these students (in the department when asked), with their targets. */
export async function goalsOf(
  tx: Tx,
  organizationId: OrganizationId,
  studentIds: readonly string[],
  departmentId: DepartmentId | undefined,
): Promise<CaseloadGoalRow[]> {
  if (studentIds.length === 0) {
    return [];
  }
  return rowsOf<CaseloadGoalRow>(
    await tx.execute(sql`
      SELECT g.id, g.student_id, g.title, g.measurement, g.status, g.mastery_criterion, g.created_at,
        (SELECT json_agg(json_build_object('id', t.id, 'title', t.title, 'status', t.status) ORDER BY t.position, t.title)
         FROM sub_goals t WHERE t.organization_id = g.organization_id AND t.goal_id = g.id) AS targets
      FROM assigned_goals g
      WHERE g.organization_id = ${organizationId} AND g.student_id = ANY(${uuidArray(studentIds)})
        ${departmentId ? sql`AND g.department_id = ${departmentId}` : sql``}
      ORDER BY g.title, g.id`),
  );
}

export interface NoNoteRow {
  id: string;
  student_id: string;
  planned_start: Date | string;
  status: 'completed' | 'ended_early';
  therapist_id: string;
  first_name: string;
  last_name: string;
}

/**
 * Sessions of these students that ran and ended since `since` without an end note: all of a
 * supervised student's, only the caller's own of the others (`own`), the therapist's when asked.
 */
export async function sessionsWithoutNote(
  tx: Tx,
  organizationId: OrganizationId,
  scope: { supervised: readonly string[]; others: readonly string[]; own: MembershipId | null },
  filter: { since: Date; therapistId?: MembershipId | undefined; departmentId?: DepartmentId | undefined },
): Promise<NoNoteRow[]> {
  const whose = [sql`s.student_id = ANY(${uuidArray(scope.supervised)})`];
  if (scope.own && scope.others.length > 0) {
    whose.push(sql`(s.student_id = ANY(${uuidArray(scope.others)}) AND s.therapist_membership_id = ${scope.own})`);
  }
  return rowsOf<NoNoteRow>(
    await tx.execute(sql`
      SELECT s.id, s.student_id, coalesce(s.planned_start_at, s.start_at) AS planned_start, s.status,
        s.therapist_membership_id AS therapist_id, u.first_name, u.last_name
      FROM therasessions s
      JOIN memberships m ON m.organization_id = s.organization_id AND m.id = s.therapist_membership_id
      JOIN users u ON u.id = m.user_id
      WHERE s.organization_id = ${organizationId} AND (${sql.join(whose, sql` OR `)})
        AND s.status IN ('completed', 'ended_early') AND s.ended_at >= ${filter.since.toISOString()}
        AND btrim(s.end_note) = ''
        ${filter.therapistId ? sql`AND s.therapist_membership_id = ${filter.therapistId}` : sql``}
        ${filter.departmentId ? sql`AND s.department_id = ${filter.departmentId}` : sql``}
      ORDER BY coalesce(s.planned_start_at, s.start_at) DESC, s.id`),
  );
}
