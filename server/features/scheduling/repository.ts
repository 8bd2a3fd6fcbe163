import type { DepartmentId, MembershipId, OrganizationId, SessionId, StudentId } from '../../lib/ids';
import { and, asc, desc, eq, gt, inArray, lt } from 'drizzle-orm';
import type { Tx } from '../../db/handles';
import { therasessions } from '../../db/schema/scheduling';
import { memberships } from '../../db/schema/organizations';
import { enrollments, students } from '../../db/schema/enrollments';
import { users } from '../../db/schema/accounts';
import { departments } from '../../db/schema/departments';
import { services } from '../../db/schema/services';
import { assignedUnlessStartedSql } from '../../lib/access';
import { sameOrganizationRow, tenantRows } from '../../lib/tenant-rows';
import { listTotal } from '../../lib/pagination';
export { findDepartment, findMembership, isStudentInDepartment } from '../../db/lookups';

// Every function takes the organization first and runs inside the tenant transaction it is given.

export type SessionRow = typeof therasessions.$inferSelect;
export type SessionStatus = SessionRow['status'];

const sessionRows = tenantRows(therasessions);

export const findSession = sessionRows.byId;

export interface SessionFilter {
  id?: SessionId;
  therapistMembershipId?: MembershipId;
  studentId?: StudentId;
  departmentId?: DepartmentId;
  /** Sessions that end after this instant. */
  from?: Date;
  /** Sessions that start before this instant. */
  to?: Date;
  statuses?: SessionStatus[];
  /**
   * A therapist's own view: a session not started yet counts only while its therapist is assigned to
   * its student (unassigning takes the student out of the therapist's day); started ones stay.
   */
  assignedUnlessStarted?: boolean;
}

function sessionsWhere(organizationId: OrganizationId, filter: SessionFilter) {
  return and(
    eq(therasessions.organizationId, organizationId),
    filter.id === undefined ? undefined : eq(therasessions.id, filter.id),
    filter.therapistMembershipId === undefined ? undefined : eq(therasessions.therapistMembershipId, filter.therapistMembershipId),
    filter.studentId === undefined ? undefined : eq(therasessions.studentId, filter.studentId),
    filter.departmentId === undefined ? undefined : eq(therasessions.departmentId, filter.departmentId),
    filter.from === undefined ? undefined : gt(therasessions.endAt, filter.from),
    filter.to === undefined ? undefined : lt(therasessions.startAt, filter.to),
    filter.statuses === undefined || filter.statuses.length === 0 ? undefined : inArray(therasessions.status, filter.statuses),
    filter.assignedUnlessStarted ? assignedUnlessStartedSql : undefined,
  );
}

/**
 * Sessions overlapping [from, to) (one already running at `from` is part of the range), in start
 * order, with the student, the department and the therapist's name; a page of them when given, each
 * row carrying the total that match (`listTotal`).
 */
export async function selectSessions(
  tx: Tx,
  organizationId: OrganizationId,
  filter: SessionFilter,
  page?: { limit: number; offset: number },
) {
  const query = tx
    .select({
      session: therasessions,
      student: { id: students.id, firstName: students.firstName, lastName: students.lastName, code: students.code },
      department: { id: departments.id, name: departments.name },
      service: { id: services.id, name: services.name },
      therapist: { membershipId: memberships.id, userId: users.id, firstName: users.firstName, lastName: users.lastName },
      total: listTotal(),
    })
    .from(therasessions)
    .innerJoin(students, sameOrganizationRow(students, therasessions, therasessions.studentId))
    .leftJoin(departments, sameOrganizationRow(departments, therasessions, therasessions.departmentId))
    .leftJoin(services, sameOrganizationRow(services, therasessions, therasessions.serviceId))
    .innerJoin(memberships, sameOrganizationRow(memberships, therasessions, therasessions.therapistMembershipId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(sessionsWhere(organizationId, filter))
    .orderBy(asc(therasessions.startAt), asc(therasessions.id));
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

/** Holds the session row until commit: a start or end racing this one waits, then reads the committed status. */
export const lockSession = (tx: Tx, organizationId: OrganizationId, id: SessionId) => sessionRows.byId(tx, organizationId, id, true);

/** A lifecycle write (status and times): who and what the session is for stay as they are. */
export const updateSessionRow: (
  tx: Tx,
  organizationId: OrganizationId,
  id: SessionId,
  patch: Partial<Omit<SessionRow, 'id' | 'organizationId' | 'therapistMembershipId' | 'studentId' | 'departmentId' | 'createdAt'>>,
) => Promise<unknown> = sessionRows.update;

export const updateSession = sessionRows.update;

export const deleteSessionRow = sessionRows.deleteById;

// ---- checks on related rows --------------------------------------------------------------------

/** The student with its open (not archived) enrollment, if any. */
export async function findStudentWithOpenEnrollment(tx: Tx, organizationId: OrganizationId, studentId: StudentId) {
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
