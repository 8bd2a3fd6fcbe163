import type { DepartmentId, MembershipId, OrganizationId } from '../../lib/ids';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/handles';
import { departmentMembers, departmentStudents, departmentStudentTherapists, departments } from '../../db/schema/departments';
import { assignedGoals } from '../../db/schema/goals';
import { therasessions } from '../../db/schema/scheduling';
import { listTotal, type Window } from '../../lib/pagination';
import { collectionWhere, type CollectionFilter } from '../../lib/collection';
import { childCount, listCounts, nameAndCreatedOrder, outerRow, tenantRows } from '../../lib/tenant-rows';
import { departmentMemberRows } from './repository-team';
import { placementRows } from './repository-students';
import { reachSql, type Reach } from '../../lib/access';
import type { z } from 'zod';
import type { DepartmentOrdering as Ordering } from '../../../contract/departments';
export { findMembership, findPlacement, findStudent } from '../../db/lookups';

// Every function takes the organization first and runs inside a tenant transaction it is given;
// the explicit organization filter sits on top of row-level security (and keys Citus routing).
// The team's SQL is in repository-team.ts, the students' and their therapists' in
// repository-students.ts, the history's in repository-history.ts.

export type DepartmentRow = typeof departments.$inferSelect;
type DepartmentOrdering = z.infer<typeof Ordering>;

const OUTER = outerRow('departments');

export const departmentRows = tenantRows(departments, { name: departments.name });

// ---- the list: one query for the page and one for its counts, whatever the page size -----------

/** Search matches the name. */
const departmentWhere = collectionWhere(departments, { searched: [departments.name], active: departments.isActive });

const ORDER: Record<DepartmentOrdering, SQL[]> = nameAndCreatedOrder(departments);

/**
 * A page of departments, each with its team and student counts (correlated counts, same query).
 * The students counted are those the reader sees in the department's students list: all of them,
 * or only those the caller reaches (`reach`, lib/access).
 */
export async function pageDepartments(
  tx: Tx,
  organizationId: OrganizationId,
  filter: CollectionFilter,
  ordering: DepartmentOrdering,
  window: Window,
  reach: Reach,
) {
  const seen = sql` AND ${reachSql(organizationId, reach, sql.raw('s.student_id'))}`;
  return tx
    .select({
      id: departments.id,
      name: departments.name,
      isActive: departments.isActive,
      createdAt: departments.createdAt,
      membersCount: childCount(departmentMembers, 'department_id', OUTER),
      studentsCount: childCount(departmentStudents, 'department_id', OUTER, seen),
      total: listTotal(),
    })
    .from(departments)
    .where(departmentWhere(organizationId, filter))
    .orderBy(...ORDER[ordering])
    .limit(window.limit)
    .offset(window.offset);
}

export type DepartmentListRow = Omit<Awaited<ReturnType<typeof pageDepartments>>[number], 'total'>;

/** The list's active and inactive counts over all of the organization's departments, in one query. */
export async function departmentCounts(tx: Tx, organizationId: OrganizationId) {
  return listCounts(tx, departments, organizationId, departments.isActive);
}

// ---- deleting ----------------------------------------------------------------------------------

/** Why each of these departments can't be deleted: it holds assigned goals, or sessions are scheduled in it. */
export async function departmentsInUse(
  tx: Tx,
  organizationId: OrganizationId,
  ids: DepartmentId[],
): Promise<Map<DepartmentId, 'goals' | 'sessions'>> {
  const inUse = new Map<DepartmentId, 'goals' | 'sessions'>();
  if (ids.length === 0) {
    return inUse;
  }
  const rows = await tx
    .select({
      id: departments.id,
      reason: sql<'goals' | 'sessions' | null>`CASE
        WHEN EXISTS (SELECT 1 FROM ${assignedGoals} g WHERE g.organization_id = ${OUTER.organizationId} AND g.department_id = ${OUTER.id}) THEN 'goals'
        WHEN EXISTS (SELECT 1 FROM ${therasessions} s WHERE s.organization_id = ${OUTER.organizationId} AND s.department_id = ${OUTER.id}) THEN 'sessions'
      END`,
    })
    .from(departments)
    .where(and(eq(departments.organizationId, organizationId), inArray(departments.id, ids)));
  for (const r of rows) {
    if (r.reason) {
      inUse.set(r.id, r.reason);
    }
  }
  return inUse;
}

/** Team rows and placements of these departments (what a department's deletion takes with it). */
export async function selectMembersAndPlacements(tx: Tx, organizationId: OrganizationId, departmentIds: DepartmentId[]) {
  const members = await departmentMemberRows.whereIn(tx, organizationId, departmentMembers.departmentId, departmentIds);
  const placements = await placementRows.whereIn(tx, organizationId, departmentStudents.departmentId, departmentIds);
  return { members, placements };
}

// ---- a therapist's view ----------------------------------------------------------------------

/** Departments a membership belongs to (team member) or has assigned students in. */
export async function selectDepartmentsOfMembership(tx: Tx, organizationId: OrganizationId, membershipId: MembershipId) {
  const asMember = tx
    .select({ id: departmentMembers.departmentId })
    .from(departmentMembers)
    .where(and(eq(departmentMembers.organizationId, organizationId), eq(departmentMembers.membershipId, membershipId)));
  const asTherapist = tx
    .select({ id: departmentStudents.departmentId })
    .from(departmentStudentTherapists)
    .innerJoin(
      departmentStudents,
      and(
        eq(departmentStudents.organizationId, departmentStudentTherapists.organizationId),
        eq(departmentStudents.id, departmentStudentTherapists.departmentStudentId),
      ),
    )
    .where(and(eq(departmentStudentTherapists.organizationId, organizationId), eq(departmentStudentTherapists.membershipId, membershipId)));
  return tx
    .select({ id: departments.id, name: departments.name })
    .from(departments)
    .where(
      and(eq(departments.organizationId, organizationId), sql`(${departments.id} IN ${asMember} OR ${departments.id} IN ${asTherapist})`),
    )
    .orderBy(asc(departments.name));
}
