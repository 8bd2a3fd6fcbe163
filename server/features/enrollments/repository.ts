import type { OrganizationId, StudentId, UserId } from '../../lib/ids';
import { and, asc, desc, eq, ilike, or } from 'drizzle-orm';
import type { Tx } from '../../db/handles';
import { containing } from '../../lib/pagination';
import { enrollments, students } from '../../db/schema/enrollments';
import { children } from '../../db/schema/family';
import { users } from '../../db/schema/accounts';

// Every function takes the organization first and runs inside the tenant transaction it is given.

/** A student row, its id branded: students are handed to other features (departments, classrooms, the collector). */
export type StudentRow = Omit<typeof students.$inferSelect, 'id'> & { id: StudentId };
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
  return created as StudentRow | undefined;
}

export async function findStudent(tx: Tx, organizationId: OrganizationId, id: StudentId): Promise<StudentRow | undefined> {
  const [row] = await tx
    .select()
    .from(students)
    .where(and(eq(students.organizationId, organizationId), eq(students.id, id)));
  return row as StudentRow | undefined;
}

export async function findStudentByCode(tx: Tx, organizationId: OrganizationId, code: string): Promise<StudentRow | undefined> {
  const [row] = await tx
    .select()
    .from(students)
    .where(and(eq(students.organizationId, organizationId), eq(students.code, code)));
  return row as StudentRow | undefined;
}

export async function findStudentByChild(tx: Tx, organizationId: OrganizationId, childId: string): Promise<StudentRow | undefined> {
  const [row] = await tx
    .select()
    .from(students)
    .where(and(eq(students.organizationId, organizationId), eq(students.childId, childId)));
  return row as StudentRow | undefined;
}

export async function findStudentByUser(tx: Tx, organizationId: OrganizationId, userId: UserId): Promise<StudentRow | undefined> {
  const [row] = await tx
    .select()
    .from(students)
    .where(and(eq(students.organizationId, organizationId), eq(students.userId, userId)));
  return row as StudentRow | undefined;
}

export async function selectStudents(tx: Tx, organizationId: OrganizationId, filter: { search?: string } = {}): Promise<StudentRow[]> {
  const search = filter.search?.trim();
  const pattern = containing(search);
  const rows = await tx
    .select()
    .from(students)
    .where(
      and(
        eq(students.organizationId, organizationId),
        pattern ? or(ilike(students.firstName, pattern), ilike(students.lastName, pattern), ilike(students.code, pattern)) : undefined,
      ),
    )
    .orderBy(asc(students.lastName), asc(students.firstName));
  return rows as StudentRow[];
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

export async function insertEnrollment(
  tx: Tx,
  organizationId: OrganizationId,
  row: { id: string; studentId: string; notes: string; parentStatus: string; orgStatus: string },
): Promise<EnrollmentRow> {
  const [created] = await tx
    .insert(enrollments)
    .values({ organizationId, ...row })
    .returning();
  return created!;
}

export async function findEnrollment(tx: Tx, organizationId: OrganizationId, id: string): Promise<EnrollmentRow | undefined> {
  const [row] = await tx
    .select()
    .from(enrollments)
    .where(and(eq(enrollments.organizationId, organizationId), eq(enrollments.id, id)));
  return row;
}

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

export async function updateEnrollmentRow(
  tx: Tx,
  organizationId: OrganizationId,
  id: string,
  patch: Partial<Pick<EnrollmentRow, 'notes' | 'orgStatus' | 'orgStatusReason' | 'parentStatus' | 'isArchived'>>,
): Promise<EnrollmentRow | undefined> {
  const [row] = await tx
    .update(enrollments)
    .set(patch)
    .where(and(eq(enrollments.organizationId, organizationId), eq(enrollments.id, id)))
    .returning();
  return row;
}

export async function deleteEnrollmentRow(tx: Tx, organizationId: OrganizationId, id: string) {
  const [row] = await tx
    .delete(enrollments)
    .where(and(eq(enrollments.organizationId, organizationId), eq(enrollments.id, id)))
    .returning({ id: enrollments.id });
  return row;
}
