import { and, asc, desc, eq, gt, inArray, lt, ne, notInArray } from 'drizzle-orm';
import type { Tx } from '../../db/handles';
import { therasessions } from '../../db/schema/scheduling';
import { memberships, organizations } from '../../db/schema/organizations';
import { enrollments, students } from '../../db/schema/enrollments';
import { users } from '../../db/schema/accounts';
export { findDepartment, findMembership, isStudentInDepartment } from '../../db/lookups';

// Every function takes the organization first and runs inside the tenant transaction it is given.

export type SessionRow = typeof therasessions.$inferSelect;
export type SessionStatus = SessionRow['status'];

export async function insertSession(
  organizationId: string,
  tx: Tx,
  row: { id: string; therapistMembershipId: string; studentId: string; departmentId: string | null; startAt: Date; endAt: Date },
): Promise<SessionRow> {
  const [created] = await tx
    .insert(therasessions)
    .values({ organizationId, ...row })
    .returning();
  return created!;
}

export async function findSession(organizationId: string, tx: Tx, id: string): Promise<SessionRow | undefined> {
  const [row] = await tx
    .select()
    .from(therasessions)
    .where(and(eq(therasessions.organizationId, organizationId), eq(therasessions.id, id)));
  return row;
}

export interface SessionFilter {
  therapistMembershipId?: string;
  studentId?: string;
  /** Sessions that end after this instant. */
  from?: Date;
  /** Sessions that start before this instant. */
  to?: Date;
  statuses?: SessionStatus[];
}

/** Sessions overlapping [from, to), in start order, with the student's and therapist's names. */
export async function selectSessions(organizationId: string, tx: Tx, filter: SessionFilter) {
  return tx
    .select({
      session: therasessions,
      student: { id: students.id, firstName: students.firstName, lastName: students.lastName, code: students.code },
      therapist: { membershipId: memberships.id, userId: users.id, firstName: users.firstName, lastName: users.lastName },
    })
    .from(therasessions)
    .innerJoin(students, and(eq(students.organizationId, therasessions.organizationId), eq(students.id, therasessions.studentId)))
    .innerJoin(
      memberships,
      and(eq(memberships.organizationId, therasessions.organizationId), eq(memberships.id, therasessions.therapistMembershipId)),
    )
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(therasessions.organizationId, organizationId),
        filter.therapistMembershipId === undefined ? undefined : eq(therasessions.therapistMembershipId, filter.therapistMembershipId),
        filter.studentId === undefined ? undefined : eq(therasessions.studentId, filter.studentId),
        filter.from === undefined ? undefined : gt(therasessions.endAt, filter.from),
        filter.to === undefined ? undefined : lt(therasessions.startAt, filter.to),
        filter.statuses === undefined || filter.statuses.length === 0 ? undefined : inArray(therasessions.status, filter.statuses),
      ),
    )
    .orderBy(asc(therasessions.startAt), asc(therasessions.id));
}

/** A live (not cancelled or no-show) session of the therapist overlapping [startAt, endAt). */
export async function findOverlappingSession(
  organizationId: string,
  tx: Tx,
  therapistMembershipId: string,
  startAt: Date,
  endAt: Date,
  excludeId?: string,
): Promise<SessionRow | undefined> {
  const [row] = await tx
    .select()
    .from(therasessions)
    .where(
      and(
        eq(therasessions.organizationId, organizationId),
        eq(therasessions.therapistMembershipId, therapistMembershipId),
        notInArray(therasessions.status, ['cancelled', 'no_show']),
        lt(therasessions.startAt, endAt),
        gt(therasessions.endAt, startAt),
        excludeId === undefined ? undefined : ne(therasessions.id, excludeId),
      ),
    )
    .limit(1);
  return row;
}

export async function updateSessionTimes(organizationId: string, tx: Tx, id: string, startAt: Date, endAt: Date) {
  const [row] = await tx
    .update(therasessions)
    .set({ startAt, endAt })
    .where(and(eq(therasessions.organizationId, organizationId), eq(therasessions.id, id)))
    .returning();
  return row;
}

export async function deleteSessionRow(organizationId: string, tx: Tx, id: string) {
  const [row] = await tx
    .delete(therasessions)
    .where(and(eq(therasessions.organizationId, organizationId), eq(therasessions.id, id)))
    .returning({ id: therasessions.id });
  return row;
}

// ---- checks on related rows --------------------------------------------------------------------

export async function findOrganizationTimezone(organizationId: string, tx: Tx): Promise<string | undefined> {
  const [row] = await tx.select({ timezone: organizations.timezone }).from(organizations).where(eq(organizations.id, organizationId));
  return row?.timezone;
}

/** The student with its open (not archived) enrollment, if any. */
export async function findStudentWithOpenEnrollment(organizationId: string, tx: Tx, studentId: string) {
  const [student] = await tx
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.organizationId, organizationId), eq(students.id, studentId)));
  if (!student) {
    return undefined;
  }
  const [enrollment] = await tx
    .select({ orgStatus: enrollments.orgStatus, parentStatus: enrollments.parentStatus })
    .from(enrollments)
    .where(and(eq(enrollments.organizationId, organizationId), eq(enrollments.studentId, studentId), eq(enrollments.isArchived, false)))
    .orderBy(desc(enrollments.createdAt))
    .limit(1);
  return { ...student, enrollment };
}

