import { sameOrganizationRow } from '../../lib/tenant-rows';
import type { OrganizationId, UserId } from '../../lib/ids';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/handles';
import { children } from '../../db/schema/family';
import { users } from '../../db/schema/accounts';
import { enrollments, students } from '../../db/schema/enrollments';
import { organizations } from '../../db/schema/organizations';

// Children are global rows like users (a child reaches organizations through enrollments), so the
// child functions run on the owner connection and are always scoped by the parent's user id.
// Enrollment functions are tenant reads: organization first, inside a tenant transaction.

export type ChildRow = typeof children.$inferSelect;

export async function findUserType(db: Db, userId: UserId) {
  const [row] = await db.select({ userType: users.userType }).from(users).where(eq(users.id, userId));
  return row?.userType;
}

export async function insertChild(
  db: Db,
  row: { id: string; parentUserId: UserId; firstName: string; lastName: string; birthDate: string | null },
): Promise<ChildRow> {
  const [created] = await db.insert(children).values(row).returning();
  return created!;
}

export async function selectChildren(db: Db, parentUserId: UserId): Promise<ChildRow[]> {
  return db
    .select()
    .from(children)
    .where(eq(children.parentUserId, parentUserId))
    .orderBy(asc(children.firstName), asc(children.createdAt));
}

export async function findChild(db: Db, parentUserId: UserId, childId: string): Promise<ChildRow | undefined> {
  const [row] = await db
    .select()
    .from(children)
    .where(and(eq(children.parentUserId, parentUserId), eq(children.id, childId)));
  return row;
}

export async function updateChildRow(
  db: Db,
  parentUserId: UserId,
  childId: string,
  patch: Partial<Pick<ChildRow, 'firstName' | 'lastName' | 'birthDate'>>,
): Promise<ChildRow | undefined> {
  const [row] = await db
    .update(children)
    .set(patch)
    .where(and(eq(children.parentUserId, parentUserId), eq(children.id, childId)))
    .returning();
  return row;
}

export async function deleteChildRow(db: Db, parentUserId: UserId, childId: string) {
  const [row] = await db
    .delete(children)
    .where(and(eq(children.parentUserId, parentUserId), eq(children.id, childId)))
    .returning({ id: children.id });
  return row;
}

/**
 * The organizations where these children are students: a user-scoped look-up across organizations,
 * answering ids only; the enrollments themselves are read per organization
 * under row-level security.
 */
export async function selectOrganizationsOfChildren(db: Db, childIds: string[]): Promise<OrganizationId[]> {
  if (childIds.length === 0) {
    return [];
  }
  const rows = await db
    .selectDistinct({ organizationId: students.organizationId })
    .from(students)
    .where(inArray(students.childId, childIds));
  return rows.map((r) => r.organizationId);
}

export async function selectEnrollmentsOfChildren(tx: Tx, organizationId: OrganizationId, childIds: string[]) {
  if (childIds.length === 0) {
    return [];
  }
  return tx
    .select({
      enrollment: enrollments,
      student: students,
      organization: { id: organizations.id, code: organizations.code, name: organizations.name, kind: organizations.kind },
    })
    .from(enrollments)
    .innerJoin(students, sameOrganizationRow(students, enrollments, enrollments.studentId))
    .innerJoin(organizations, eq(organizations.id, enrollments.organizationId))
    .where(and(eq(enrollments.organizationId, organizationId), inArray(students.childId, childIds)))
    .orderBy(asc(students.firstName));
}

export async function updateParentStatus(tx: Tx, organizationId: OrganizationId, enrollmentId: string, parentStatus: string) {
  const [row] = await tx
    .update(enrollments)
    .set({ parentStatus })
    .where(and(eq(enrollments.organizationId, organizationId), eq(enrollments.id, enrollmentId)))
    .returning();
  return row;
}
