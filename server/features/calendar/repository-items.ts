import type { OrganizationId } from '../../lib/ids';
import { and, asc, eq, gt, gte, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/handles';
import { therasessions } from '../../db/schema/scheduling';
import { memberships } from '../../db/schema/organizations';
import { students } from '../../db/schema/enrollments';
import { users } from '../../db/schema/accounts';
import { departments } from '../../db/schema/departments';
import { assignedUnlessStartedSql } from '../../lib/student-visibility';
import { sameOrganizationRow } from '../../lib/tenant-rows';

/** Sessions last at most 12 hours (the scheduling rules); a day leaves room to spare. */
const LONGEST_SESSION_MS = 24 * 3600_000;

export interface ItemsFilter {
  from: Date;
  to: Date;
  therapistMembershipId?: string | undefined;
  studentId?: string | undefined;
  departmentId?: string | undefined;
  /**
   * A therapist's own view, as their session list has it: a session not started yet counts only
   * while its therapist is still assigned to its student.
   */
  assignedUnlessStarted?: boolean;
}

/**
 * The calendar's sessions overlapping [from, to) in one statement, each with the names its lookup
 * lists need (the caller keeps each name once). A week of a large clinic is thousands of rows, so
 * only the columns the calendar draws are read.
 */
export async function selectCalendarSessions(tx: Tx, organizationId: OrganizationId, filter: ItemsFilter) {
  return tx
    .select({
      id: therasessions.id,
      startAt: therasessions.startAt,
      endAt: therasessions.endAt,
      status: therasessions.status,
      therapistId: therasessions.therapistMembershipId,
      studentId: therasessions.studentId,
      departmentId: therasessions.departmentId,
      serviceId: therasessions.serviceId,
      therapistFirst: users.firstName,
      therapistLast: users.lastName,
      studentFirst: students.firstName,
      studentLast: students.lastName,
      departmentName: departments.name,
    })
    .from(therasessions)
    .innerJoin(students, sameOrganizationRow(students, therasessions, therasessions.studentId))
    .innerJoin(memberships, sameOrganizationRow(memberships, therasessions, therasessions.therapistMembershipId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(departments, sameOrganizationRow(departments, therasessions, therasessions.departmentId))
    .where(
      and(
        eq(therasessions.organizationId, organizationId),
        lt(therasessions.startAt, filter.to),
        gt(therasessions.endAt, filter.from),
        // A lower bound on the start too, so the (organization, start_at) index reads the range and
        // not every earlier session of the year: no session is longer than a day.
        gte(therasessions.startAt, new Date(filter.from.getTime() - LONGEST_SESSION_MS)),
        filter.therapistMembershipId === undefined ? undefined : eq(therasessions.therapistMembershipId, filter.therapistMembershipId),
        filter.studentId === undefined ? undefined : eq(therasessions.studentId, filter.studentId),
        filter.departmentId === undefined ? undefined : eq(therasessions.departmentId, filter.departmentId),
        filter.assignedUnlessStarted ? assignedUnlessStartedSql : undefined,
      ),
    )
    .orderBy(asc(therasessions.startAt), asc(therasessions.id));
}

export type CalendarSessionRow = Awaited<ReturnType<typeof selectCalendarSessions>>[number];
