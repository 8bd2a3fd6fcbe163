import type { OrganizationId } from '../../lib/ids';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/handles';
import { departmentMembers, departmentStudents, departmentStudentTherapists, departments } from '../../db/schema/departments';
import { memberships } from '../../db/schema/organizations';
import { students } from '../../db/schema/enrollments';
import { users } from '../../db/schema/accounts';
import { assignedGoals } from '../../db/schema/goals';
export { findMembership, findStudent } from '../../db/lookups';

// Every function takes the organization first and runs inside a tenant transaction it is given;
// the explicit organization filter sits on top of row-level security (and keys Citus routing).

export type DepartmentRow = typeof departments.$inferSelect;
export type DepartmentMemberRow = typeof departmentMembers.$inferSelect;
export type DepartmentStudentRow = typeof departmentStudents.$inferSelect;
export type DepartmentStudentTherapistRow = typeof departmentStudentTherapists.$inferSelect;

export async function insertDepartment(tx: Tx, organizationId: OrganizationId, row: { id: string; name: string; isEnabled: boolean }) {
  const [created] = await tx
    .insert(departments)
    .values({ organizationId, ...row })
    .returning();
  return created!;
}

export async function findDepartment(tx: Tx, organizationId: OrganizationId, id: string): Promise<DepartmentRow | undefined> {
  const [row] = await tx
    .select()
    .from(departments)
    .where(and(eq(departments.organizationId, organizationId), eq(departments.id, id)));
  return row;
}

export async function findDepartments(tx: Tx, organizationId: OrganizationId, ids: string[]): Promise<DepartmentRow[]> {
  if (ids.length === 0) {
    return [];
  }
  return tx
    .select()
    .from(departments)
    .where(and(eq(departments.organizationId, organizationId), inArray(departments.id, ids)));
}

export async function findDepartmentByName(tx: Tx, organizationId: OrganizationId, name: string): Promise<DepartmentRow | undefined> {
  const [row] = await tx
    .select()
    .from(departments)
    .where(and(eq(departments.organizationId, organizationId), sql`lower(${departments.name}) = lower(${name})`));
  return row;
}

export async function selectDepartments(tx: Tx, organizationId: OrganizationId, filter: { isEnabled?: boolean } = {}) {
  return tx
    .select()
    .from(departments)
    .where(
      and(
        eq(departments.organizationId, organizationId),
        filter.isEnabled === undefined ? undefined : eq(departments.isEnabled, filter.isEnabled),
      ),
    )
    .orderBy(asc(departments.name));
}

export async function countDepartments(tx: Tx, organizationId: OrganizationId) {
  const rows = await tx
    .select({ isEnabled: departments.isEnabled, n: count() })
    .from(departments)
    .where(eq(departments.organizationId, organizationId))
    .groupBy(departments.isEnabled);
  const enabled = rows.find((r) => r.isEnabled)?.n ?? 0;
  const disabled = rows.find((r) => !r.isEnabled)?.n ?? 0;
  return { countAll: enabled + disabled, countEnabled: enabled, countDisabled: disabled };
}

export async function updateDepartmentRow(
  tx: Tx,
  organizationId: OrganizationId,
  id: string,
  patch: Partial<Pick<DepartmentRow, 'name' | 'isEnabled'>>,
) {
  // An update naming no field changes nothing: the caller answers with the row as it is.
  if (Object.keys(patch).length === 0) {
    return undefined;
  }
  const [row] = await tx
    .update(departments)
    .set(patch)
    .where(and(eq(departments.organizationId, organizationId), eq(departments.id, id)))
    .returning();
  return row;
}

export async function deleteDepartmentRows(tx: Tx, organizationId: OrganizationId, ids: string[]) {
  if (ids.length === 0) {
    return [];
  }
  return tx
    .delete(departments)
    .where(and(eq(departments.organizationId, organizationId), inArray(departments.id, ids)))
    .returning({ id: departments.id });
}

// ---- department team -------------------------------------------------------------------------

export async function insertDepartmentMember(
  tx: Tx,
  organizationId: OrganizationId,
  row: { id: string; departmentId: string; membershipId: string },
) {
  const [created] = await tx
    .insert(departmentMembers)
    .values({ organizationId, ...row })
    .onConflictDoNothing()
    .returning();
  return created;
}

export async function findDepartmentMember(tx: Tx, organizationId: OrganizationId, departmentId: string, membershipId: string) {
  const [row] = await tx
    .select()
    .from(departmentMembers)
    .where(
      and(
        eq(departmentMembers.organizationId, organizationId),
        eq(departmentMembers.departmentId, departmentId),
        eq(departmentMembers.membershipId, membershipId),
      ),
    );
  return row;
}

export async function selectDepartmentMembers(tx: Tx, organizationId: OrganizationId, departmentId: string) {
  return tx
    .select({
      id: departmentMembers.id,
      departmentId: departmentMembers.departmentId,
      membershipId: departmentMembers.membershipId,
      role: memberships.role,
      status: memberships.status,
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(departmentMembers)
    .innerJoin(
      memberships,
      and(eq(memberships.organizationId, departmentMembers.organizationId), eq(memberships.id, departmentMembers.membershipId)),
    )
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(departmentMembers.organizationId, organizationId), eq(departmentMembers.departmentId, departmentId)))
    .orderBy(asc(users.lastName), asc(users.firstName));
}

export async function deleteDepartmentMemberRow(tx: Tx, organizationId: OrganizationId, departmentId: string, memberId: string) {
  const [row] = await tx
    .delete(departmentMembers)
    .where(
      and(
        eq(departmentMembers.organizationId, organizationId),
        eq(departmentMembers.departmentId, departmentId),
        eq(departmentMembers.id, memberId),
      ),
    )
    .returning();
  return row;
}

/** Team rows and placements of these departments (what a department's deletion takes with it). */
export async function selectMembersAndPlacements(tx: Tx, organizationId: OrganizationId, departmentIds: string[]) {
  if (departmentIds.length === 0) {
    return { members: [], placements: [] };
  }
  const members = await tx
    .select()
    .from(departmentMembers)
    .where(and(eq(departmentMembers.organizationId, organizationId), inArray(departmentMembers.departmentId, departmentIds)));
  const placements = await tx
    .select()
    .from(departmentStudents)
    .where(and(eq(departmentStudents.organizationId, organizationId), inArray(departmentStudents.departmentId, departmentIds)));
  return { members, placements };
}

// ---- department students ---------------------------------------------------------------------

export async function insertDepartmentStudent(
  tx: Tx,
  organizationId: OrganizationId,
  row: { id: string; departmentId: string; studentId: string },
) {
  const [created] = await tx
    .insert(departmentStudents)
    .values({ organizationId, ...row })
    .onConflictDoNothing()
    .returning();
  return created;
}

export async function findDepartmentStudent(tx: Tx, organizationId: OrganizationId, id: string) {
  const [row] = await tx
    .select()
    .from(departmentStudents)
    .where(and(eq(departmentStudents.organizationId, organizationId), eq(departmentStudents.id, id)));
  return row;
}

export async function findDepartmentStudents(tx: Tx, organizationId: OrganizationId, ids: string[]): Promise<DepartmentStudentRow[]> {
  if (ids.length === 0) {
    return [];
  }
  return tx
    .select()
    .from(departmentStudents)
    .where(and(eq(departmentStudents.organizationId, organizationId), inArray(departmentStudents.id, ids)));
}

export async function findDepartmentStudentByPair(tx: Tx, organizationId: OrganizationId, departmentId: string, studentId: string) {
  const [row] = await tx
    .select()
    .from(departmentStudents)
    .where(
      and(
        eq(departmentStudents.organizationId, organizationId),
        eq(departmentStudents.departmentId, departmentId),
        eq(departmentStudents.studentId, studentId),
      ),
    );
  return row;
}

export async function selectDepartmentStudents(tx: Tx, organizationId: OrganizationId, departmentId: string, ids?: string[]) {
  return tx
    .select({
      id: departmentStudents.id,
      departmentId: departmentStudents.departmentId,
      studentId: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      code: students.code,
    })
    .from(departmentStudents)
    .innerJoin(students, and(eq(students.organizationId, departmentStudents.organizationId), eq(students.id, departmentStudents.studentId)))
    .where(
      and(
        eq(departmentStudents.organizationId, organizationId),
        eq(departmentStudents.departmentId, departmentId),
        ids ? inArray(departmentStudents.id, ids) : undefined,
      ),
    )
    .orderBy(asc(students.lastName), asc(students.firstName));
}

export async function deleteDepartmentStudentRows(tx: Tx, organizationId: OrganizationId, departmentId: string, ids: string[]) {
  if (ids.length === 0) {
    return [];
  }
  return tx
    .delete(departmentStudents)
    .where(
      and(
        eq(departmentStudents.organizationId, organizationId),
        eq(departmentStudents.departmentId, departmentId),
        inArray(departmentStudents.id, ids),
      ),
    )
    .returning({ id: departmentStudents.id });
}

// ---- therapists assigned to a department student ---------------------------------------------

export async function insertAssignedTherapist(
  tx: Tx,
  organizationId: OrganizationId,
  row: { id: string; departmentStudentId: string; membershipId: string },
) {
  const [created] = await tx
    .insert(departmentStudentTherapists)
    .values({ organizationId, ...row })
    .onConflictDoNothing()
    .returning();
  return created;
}

export async function findAssignedTherapistByPair(
  tx: Tx,
  organizationId: OrganizationId,
  departmentStudentId: string,
  membershipId: string,
) {
  const [row] = await tx
    .select()
    .from(departmentStudentTherapists)
    .where(
      and(
        eq(departmentStudentTherapists.organizationId, organizationId),
        eq(departmentStudentTherapists.departmentStudentId, departmentStudentId),
        eq(departmentStudentTherapists.membershipId, membershipId),
      ),
    );
  return row;
}

export async function selectAssignedTherapists(tx: Tx, organizationId: OrganizationId, departmentStudentIds: string[]) {
  if (departmentStudentIds.length === 0) {
    return [];
  }
  return tx
    .select({
      id: departmentStudentTherapists.id,
      departmentStudentId: departmentStudentTherapists.departmentStudentId,
      membershipId: departmentStudentTherapists.membershipId,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(departmentStudentTherapists)
    .innerJoin(
      memberships,
      and(
        eq(memberships.organizationId, departmentStudentTherapists.organizationId),
        eq(memberships.id, departmentStudentTherapists.membershipId),
      ),
    )
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(departmentStudentTherapists.organizationId, organizationId),
        inArray(departmentStudentTherapists.departmentStudentId, departmentStudentIds),
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName));
}

export async function deleteAssignedTherapistRows(tx: Tx, organizationId: OrganizationId, ids: string[]) {
  if (ids.length === 0) {
    return;
  }
  await tx
    .delete(departmentStudentTherapists)
    .where(and(eq(departmentStudentTherapists.organizationId, organizationId), inArray(departmentStudentTherapists.id, ids)));
}

// ---- a therapist's view ----------------------------------------------------------------------

/** Departments a membership belongs to (team member) or has assigned students in. */
export async function selectDepartmentsOfMembership(tx: Tx, organizationId: OrganizationId, membershipId: string) {
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
    .select()
    .from(departments)
    .where(
      and(eq(departments.organizationId, organizationId), sql`(${departments.id} IN ${asMember} OR ${departments.id} IN ${asTherapist})`),
    )
    .orderBy(asc(departments.name));
}

/** How many assigned goals hang under these departments (deleting would cascade to them). */
export async function countGoalsInDepartments(tx: Tx, organizationId: OrganizationId, departmentIds: string[]) {
  if (departmentIds.length === 0) {
    return 0;
  }
  const [row] = await tx
    .select({ n: count() })
    .from(assignedGoals)
    .where(and(eq(assignedGoals.organizationId, organizationId), inArray(assignedGoals.departmentId, departmentIds)));
  return row?.n ?? 0;
}
