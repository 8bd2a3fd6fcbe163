import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/handles';
import type { PhaseChange } from '../../../contract/mastery';
import { assignedGoals, subGoals } from '../../db/schema/goals';
import { students } from '../../db/schema/enrollments';
import { organizations } from '../../db/schema/organizations';
import { reachSql, templatePartsSql, type OrgAccess, type Reach } from '../../lib/access';
import type { OrganizationId, SessionId } from '../../lib/ids';
import { sameOrganizationRow } from '../../lib/tenant-rows';

type SubGoalRow = typeof subGoals.$inferSelect;

/** A goal revision as the graph reads it, with the name of who made it. */
export interface RevisionRow {
  id: string;
  changed_at: string;
  kinds: PhaseChange[];
  label: string;
  session_id: SessionId | null;
  changed_by: string | null;
  changed_by_name: string | null;
}

const fullName = (first: string, last: string) => sql.raw(`trim(${first} || ' ' || ${last})`);

/**
 * Everything a goal's graph needs besides its results, in one statement: the goal, its targets, its
 * student's name, whether the caller reaches the student (the reach of server/lib/access), what the
 * student's privacy-role template opens to them, the organization's time zone, the goal's history
 * (the phase lines) with who made each change, and the names of the therapists who ran the
 * student's sessions. Null when the organization has no such goal.
 */
export async function graphHead(tx: Tx, organizationId: OrganizationId, goalId: string, access: OrgAccess, reach: Reach) {
  const [row] = await tx
    .select({
      goal: assignedGoals,
      firstName: students.firstName,
      lastName: students.lastName,
      timeZone: sql<string>`(SELECT o.timezone FROM ${organizations} o WHERE o.id = ${assignedGoals.organizationId})`,
      reachable: sql<boolean>`${reachSql(organizationId, reach, sql`${assignedGoals.studentId}`)}`,
      templateParts: sql<string[] | null>`${templatePartsSql(organizationId, access, sql`${assignedGoals.studentId}`)}`,
      targets: sql<SubGoalJson[]>`(
        SELECT coalesce(json_agg(json_build_object('id', sg.id, 'goalId', sg.goal_id, 'title', sg.title, 'position', sg.position,
          'status', sg.status, 'masteredAt', sg.mastered_at, 'masteredSessionId', sg.mastered_session_id) ORDER BY sg.position, sg.id), '[]')
        FROM sub_goals sg WHERE sg.organization_id = ${assignedGoals.organizationId} AND sg.goal_id = ${assignedGoals.id})`,
      revisions: sql<RevisionRow[]>`(
        SELECT coalesce(json_agg(json_build_object('id', r.id, 'changed_at', r.changed_at, 'kinds', r.kinds, 'label', r.label,
          'session_id', r.session_id, 'changed_by', r.changed_by, 'changed_by_name', ${fullName('u.first_name', 'u.last_name')})
          ORDER BY r.changed_at, r.id), '[]')
        FROM goal_revisions r LEFT JOIN users u ON u.id = r.changed_by
        WHERE r.organization_id = ${assignedGoals.organizationId} AND r.goal_id = ${assignedGoals.id})`,
      therapists: sql<{ id: string; name: string }[]>`(
        SELECT coalesce(json_agg(json_build_object('id', m.id, 'name', ${fullName('u.first_name', 'u.last_name')})), '[]')
        FROM memberships m JOIN users u ON u.id = m.user_id
        WHERE m.organization_id = ${assignedGoals.organizationId} AND m.id IN (
          SELECT DISTINCT s.therapist_membership_id FROM therasessions s
          WHERE s.organization_id = ${assignedGoals.organizationId} AND s.student_id = ${assignedGoals.studentId}))`,
    })
    .from(assignedGoals)
    .innerJoin(students, sameOrganizationRow(students, assignedGoals, assignedGoals.studentId))
    .where(and(eq(assignedGoals.organizationId, organizationId), eq(assignedGoals.id, goalId)));
  if (!row) {
    return null;
  }
  const targets: SubGoalRow[] = row.targets.map((s) => ({
    ...s,
    organizationId,
    masteredAt: s.masteredAt ? new Date(s.masteredAt) : null,
  }));
  return { ...row, goal: { ...row.goal, subGoals: targets } };
}

type SubGoalJson = Omit<SubGoalRow, 'organizationId' | 'masteredAt'> & { masteredAt: string | null };

export type GraphHead = NonNullable<Awaited<ReturnType<typeof graphHead>>>;
