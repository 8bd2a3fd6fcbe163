import { assignedStudentIdsSql } from '../../lib/student-visibility';
import type { OrganizationId } from '../../lib/ids';
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/handles';
import { departmentMembers, departmentStudents, departmentStudentTherapists, departments } from '../../db/schema/departments';
import { memberships } from '../../db/schema/organizations';
import { students } from '../../db/schema/enrollments';
import { users } from '../../db/schema/accounts';
import { assignedGoals } from '../../db/schema/goals';
import { therasessions } from '../../db/schema/scheduling';
import { auditTrail } from '../../db/schema/audit';
import { containing, type Window } from '../../lib/pagination';

// The admin lists: one query for the page and one for its counts, whatever the page size (no N+1).

// Inside a select's own fields drizzle writes the main table's columns unqualified, which a correlated
// subquery would read as its own columns: the outer row is named explicitly.
const OUTER_ORG = sql.raw('"departments"."organization_id"');
const OUTER_ID = sql.raw('"departments"."id"');

// ---- departments -----------------------------------------------------------------------------

export type DepartmentOrdering = 'name' | '-name' | 'created' | '-created';
export interface DepartmentFilter {
  search?: string | undefined;
  isEnabled?: boolean | undefined;
  /** One department only (its row after an update). */
  id?: string | undefined;
}

function departmentWhere(organizationId: OrganizationId, filter: DepartmentFilter): SQL | undefined {
  const pattern = containing(filter.search);
  return and(
    eq(departments.organizationId, organizationId),
    pattern ? ilike(departments.name, pattern) : undefined,
    filter.isEnabled === undefined ? undefined : eq(departments.isEnabled, filter.isEnabled),
    filter.id === undefined ? undefined : eq(departments.id, filter.id),
  );
}

const ORDER: Record<DepartmentOrdering, SQL[]> = {
  name: [sql`lower(${departments.name}) ASC`, asc(departments.id)],
  '-name': [sql`lower(${departments.name}) DESC`, asc(departments.id)],
  created: [asc(departments.createdAt), asc(departments.id)],
  '-created': [desc(departments.createdAt), asc(departments.id)],
};

/** A page of departments, each with its team and student counts (correlated counts, same query). */
export async function pageDepartments(
  tx: Tx,
  organizationId: OrganizationId,
  filter: DepartmentFilter,
  ordering: DepartmentOrdering,
  window: Window,
) {
  return tx
    .select({
      id: departments.id,
      name: departments.name,
      isEnabled: departments.isEnabled,
      createdAt: departments.createdAt,
      membersCount: sql<number>`(SELECT count(*)::int FROM ${departmentMembers} m
        WHERE m.organization_id = ${OUTER_ORG} AND m.department_id = ${OUTER_ID})`,
      studentsCount: sql<number>`(SELECT count(*)::int FROM ${departmentStudents} s
        WHERE s.organization_id = ${OUTER_ORG} AND s.department_id = ${OUTER_ID})`,
    })
    .from(departments)
    .where(departmentWhere(organizationId, filter))
    .orderBy(...ORDER[ordering])
    .limit(window.limit)
    .offset(window.offset);
}

export type DepartmentListRow = Awaited<ReturnType<typeof pageDepartments>>[number];

/** The filtered count and the spec's stats over all of the organization's departments, in one query. */
export async function departmentCounts(tx: Tx, organizationId: OrganizationId, filter: DepartmentFilter) {
  const matching = departmentWhere(organizationId, filter) ?? sql`true`;
  const [row] = await tx
    .select({
      count: sql<number>`count(*) FILTER (WHERE ${matching})::int`,
      countAll: sql<number>`count(*)::int`,
      countEnabled: sql<number>`count(*) FILTER (WHERE ${departments.isEnabled})::int`,
    })
    .from(departments)
    .where(eq(departments.organizationId, organizationId));
  const countAll = row?.countAll ?? 0;
  const countEnabled = row?.countEnabled ?? 0;
  return { count: row?.count ?? 0, countAll, countEnabled, countDisabled: countAll - countEnabled };
}

/** Why each of these departments can't be deleted: it holds assigned goals, or sessions are scheduled in it. */
export async function departmentsInUse(tx: Tx, organizationId: OrganizationId, ids: string[]): Promise<Map<string, 'goals' | 'sessions'>> {
  const inUse = new Map<string, 'goals' | 'sessions'>();
  if (ids.length === 0) {
    return inUse;
  }
  const rows = await tx
    .select({
      id: departments.id,
      reason: sql<'goals' | 'sessions' | null>`CASE
        WHEN EXISTS (SELECT 1 FROM ${assignedGoals} g WHERE g.organization_id = ${OUTER_ORG} AND g.department_id = ${OUTER_ID}) THEN 'goals'
        WHEN EXISTS (SELECT 1 FROM ${therasessions} s WHERE s.organization_id = ${OUTER_ORG} AND s.department_id = ${OUTER_ID}) THEN 'sessions'
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

// ---- team --------------------------------------------------------------------------------------

function memberWhere(organizationId: OrganizationId, departmentId: string, search: string | undefined) {
  const pattern = containing(search);
  return and(
    eq(departmentMembers.organizationId, organizationId),
    eq(departmentMembers.departmentId, departmentId),
    pattern ? or(ilike(users.firstName, pattern), ilike(users.lastName, pattern)) : undefined,
  );
}

export async function pageDepartmentMembers(
  tx: Tx,
  organizationId: OrganizationId,
  departmentId: string,
  search: string | undefined,
  window: Window,
) {
  const from = () =>
    tx
      .select({
        id: departmentMembers.id,
        departmentId: departmentMembers.departmentId,
        membershipId: departmentMembers.membershipId,
        role: memberships.role,
        status: memberships.status,
        userId: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        total: sql<number>`count(*) OVER ()::int`,
      })
      .from(departmentMembers)
      .innerJoin(
        memberships,
        and(eq(memberships.organizationId, departmentMembers.organizationId), eq(memberships.id, departmentMembers.membershipId)),
      )
      .innerJoin(users, eq(users.id, memberships.userId));
  return from()
    .where(memberWhere(organizationId, departmentId, search))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(departmentMembers.id))
    .limit(window.limit)
    .offset(window.offset);
}

/** The organization's active members (to pick from), by name; search matches names and e-mail. */
export async function pageActiveMembers(
  tx: Tx,
  organizationId: OrganizationId,
  filter: { search?: string | undefined; role?: 'therapist' | 'staff' | undefined },
  window: Window,
) {
  const pattern = containing(filter.search);
  return tx
    .select({
      membershipId: memberships.id,
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: memberships.role,
      roleId: memberships.roleId,
      total: sql<number>`count(*) OVER ()::int`,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.organizationId, organizationId),
        eq(memberships.status, 'active'),
        filter.role ? eq(memberships.role, filter.role) : undefined,
        pattern ? or(ilike(users.firstName, pattern), ilike(users.lastName, pattern), ilike(users.email, pattern)) : undefined,
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(memberships.id))
    .limit(window.limit)
    .offset(window.offset);
}

// ---- students ----------------------------------------------------------------------------------

export async function pageDepartmentStudents(
  tx: Tx,
  organizationId: OrganizationId,
  departmentId: string,
  search: string | undefined,
  window: Window,
  /** Only the students assigned to this membership (studentListScope), or null for all. */
  assignedTo: string | null,
) {
  const pattern = containing(search);
  return tx
    .select({
      id: departmentStudents.id,
      departmentId: departmentStudents.departmentId,
      studentId: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      code: students.code,
      total: sql<number>`count(*) OVER ()::int`,
    })
    .from(departmentStudents)
    .innerJoin(students, and(eq(students.organizationId, departmentStudents.organizationId), eq(students.id, departmentStudents.studentId)))
    .where(
      and(
        eq(departmentStudents.organizationId, organizationId),
        eq(departmentStudents.departmentId, departmentId),
        pattern ? or(ilike(students.firstName, pattern), ilike(students.lastName, pattern), ilike(students.code, pattern)) : undefined,
        assignedTo === null ? undefined : sql`${students.id} IN (${assignedStudentIdsSql(organizationId, assignedTo)})`,
      ),
    )
    .orderBy(asc(students.lastName), asc(students.firstName), asc(departmentStudents.id))
    .limit(window.limit)
    .offset(window.offset);
}

// ---- assignments, with where they sit (for the trail and the collector) ----------------------

export interface AssignmentScope {
  departmentIds?: string[];
  departmentStudentIds?: string[];
  ids?: string[];
  membershipId?: string;
}

/** Therapist assignments matching every given condition, with their department and student. */
export async function selectAssignmentsWhere(tx: Tx, organizationId: OrganizationId, where: AssignmentScope) {
  if ([where.departmentIds, where.departmentStudentIds, where.ids].some((list) => list !== undefined && list.length === 0)) {
    return [];
  }
  return tx
    .select({
      id: departmentStudentTherapists.id,
      departmentStudentId: departmentStudentTherapists.departmentStudentId,
      membershipId: departmentStudentTherapists.membershipId,
      departmentId: departmentStudents.departmentId,
      studentId: departmentStudents.studentId,
    })
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
        where.departmentIds ? inArray(departmentStudents.departmentId, where.departmentIds) : undefined,
        where.departmentStudentIds ? inArray(departmentStudentTherapists.departmentStudentId, where.departmentStudentIds) : undefined,
        where.ids ? inArray(departmentStudentTherapists.id, where.ids) : undefined,
        where.membershipId ? eq(departmentStudentTherapists.membershipId, where.membershipId) : undefined,
      ),
    );
}

export type AssignmentRow = Awaited<ReturnType<typeof selectAssignmentsWhere>>[number];

// ---- history (a view of the audit trail) -----------------------------------------------------

function historyWhere(organizationId: OrganizationId, departmentId: string) {
  return and(
    eq(auditTrail.organizationId, organizationId),
    or(
      and(eq(auditTrail.entity, 'department'), eq(auditTrail.entityId, departmentId)),
      sql`${auditTrail.scope} @> ${JSON.stringify({ department: departmentId })}::jsonb`,
    ),
  );
}

export async function pageDepartmentHistory(tx: Tx, organizationId: OrganizationId, departmentId: string, window: Window) {
  return tx
    .select({
      id: auditTrail.id,
      at: auditTrail.at,
      userId: auditTrail.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      call: auditTrail.call,
      action: auditTrail.action,
      entity: auditTrail.entity,
      entityId: auditTrail.entityId,
      changes: auditTrail.changes,
    })
    .from(auditTrail)
    .leftJoin(users, eq(users.id, auditTrail.userId))
    .where(historyWhere(organizationId, departmentId))
    .orderBy(desc(auditTrail.id))
    .limit(window.limit)
    .offset(window.offset);
}

export async function countDepartmentHistory(tx: Tx, organizationId: OrganizationId, departmentId: string) {
  const [row] = await tx.select({ n: count() }).from(auditTrail).where(historyWhere(organizationId, departmentId));
  return row?.n ?? 0;
}

/** Names of the memberships and students a page of history rows names (two queries per page, not per row). */
export async function historySubjectNames(tx: Tx, organizationId: OrganizationId, membershipIds: string[], studentIds: string[]) {
  const [members, pupils] = await Promise.all([
    membershipIds.length === 0
      ? []
      : tx
          .select({ id: memberships.id, firstName: users.firstName, lastName: users.lastName })
          .from(memberships)
          .innerJoin(users, eq(users.id, memberships.userId))
          .where(and(eq(memberships.organizationId, organizationId), inArray(memberships.id, membershipIds))),
    studentIds.length === 0
      ? []
      : tx
          .select({ id: students.id, firstName: students.firstName, lastName: students.lastName })
          .from(students)
          .where(and(eq(students.organizationId, organizationId), inArray(students.id, studentIds))),
  ]);
  return { members: new Map(members.map((m) => [m.id, m])), students: new Map(pupils.map((p) => [p.id, p])) };
}
