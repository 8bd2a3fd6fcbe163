import type { OrganizationId, StudentId, UserId } from '../../lib/ids';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { tenantRows } from '../../lib/tenant-rows';
import type { Tx } from '../../db/handles';
import { byStudentName, studentSearch } from '../../lib/person-columns';
import { enrollments, students } from '../../db/schema/enrollments';
import { children } from '../../db/schema/family';
import { users } from '../../db/schema/accounts';

// Every function takes the organization first and runs inside the tenant transaction it is given.

/** A student row (its id a StudentId, as the schema types it): students are handed to other features (departments, classrooms, the collector). */
export type StudentRow = typeof students.$inferSelect;
export type EnrollmentRow = typeof enrollments.$inferSelect;

export async function insertStudent(
  tx: Tx,
  organizationId: OrganizationId,
  row: { id: StudentId; firstName: string; lastName: string; code: string; childId: string | null; userId: UserId | null },
): Promise<StudentRow | undefined> {
  // A code collision (unique per organization) yields no row; the service draws another code.
  const [created] = await tx
    .insert(students)
    .values({ organizationId, ...row })
    .onConflictDoNothing({ target: [students.organizationId, students.code] })
    .returning();
  return created;
}

/** The organization's student whose column holds the value: its id, code, child or user, each unique in the organization. */
async function findStudentBy(tx: Tx, organizationId: OrganizationId, column: PgColumn, value: string): Promise<StudentRow | undefined> {
  const [row] = await tx
    .select()
    .from(students)
    .where(and(eq(students.organizationId, organizationId), eq(column, value)));
  return row as StudentRow | undefined;
}

export const findStudent = (tx: Tx, organizationId: OrganizationId, id: StudentId) => findStudentBy(tx, organizationId, students.id, id);
export const findStudentByCode = (tx: Tx, organizationId: OrganizationId, code: string) =>
  findStudentBy(tx, organizationId, students.code, code);
export const findStudentByChild = (tx: Tx, organizationId: OrganizationId, childId: string) =>
  findStudentBy(tx, organizationId, students.childId, childId);
export const findStudentByUser = (tx: Tx, organizationId: OrganizationId, userId: UserId) =>
  findStudentBy(tx, organizationId, students.userId, userId);

export async function selectStudents(tx: Tx, organizationId: OrganizationId, filter: { search?: string } = {}): Promise<StudentRow[]> {
  const rows = await tx
    .select()
    .from(students)
    .where(and(eq(students.organizationId, organizationId), studentSearch(filter.search?.trim())))
    .orderBy(...byStudentName);
  return rows;
}

/** Global rows the tenant role may read (GRANT SELECT): the child being enrolled, the STU user. */
export async function findChild(tx: Tx, childId: string) {
  const [row] = await tx.select().from(children).where(eq(children.id, childId));
  return row;
}

export async function findUser(tx: Tx, userId: UserId) {
  const [row] = await tx
    .select({ id: users.id, userType: users.userType, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

// ---- enrollments -------------------------------------------------------------------------------

/** Enrollments: the row by id, inserted, updated, deleted (lib/tenant-rows.ts). */
export const enrollmentRows = tenantRows(enrollments);

/** The student's enrollment that is not archived, if any (at most one by rule). */
export async function findOpenEnrollment(tx: Tx, organizationId: OrganizationId, studentId: StudentId): Promise<EnrollmentRow | undefined> {
  const [row] = await tx
    .select()
    .from(enrollments)
    .where(and(eq(enrollments.organizationId, organizationId), eq(enrollments.studentId, studentId), eq(enrollments.isArchived, false)))
    .orderBy(desc(enrollments.createdAt));
  return row;
}

export async function selectEnrollments(
  tx: Tx,
  organizationId: OrganizationId,
  filter: { id?: string; isArchived?: boolean; studentId?: StudentId } = {},
) {
  const rows = await tx
    .select({ enrollment: enrollments, student: students })
    .from(enrollments)
    .innerJoin(students, and(eq(students.organizationId, enrollments.organizationId), eq(students.id, enrollments.studentId)))
    .where(
      and(
        eq(enrollments.organizationId, organizationId),
        filter.isArchived === undefined ? undefined : eq(enrollments.isArchived, filter.isArchived),
        filter.studentId === undefined ? undefined : eq(enrollments.studentId, filter.studentId),
        filter.id === undefined ? undefined : eq(enrollments.id, filter.id),
      ),
    )
    .orderBy(asc(students.lastName), asc(students.firstName), desc(enrollments.createdAt));
  return rows as { enrollment: EnrollmentRow; student: StudentRow }[];
}
