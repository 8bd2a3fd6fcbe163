import { and, asc, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/handles';
import { therasessions } from '../../db/schema/scheduling';
import { students } from '../../db/schema/enrollments';
import { departments } from '../../db/schema/departments';
import { memberships } from '../../db/schema/organizations';
import { users } from '../../db/schema/accounts';
import type { Therasession } from '../../../contract/scheduling';
import { notFound } from '../../lib/app-error';

/** Sessions with their student, department and therapist name, as the contract's Therasession. */
export async function selectTherasessions(tx: Tx, organizationId: string, where: SQL | undefined, limit = 100, offset = 0) {
  const rows = await tx
    .select({
      s: therasessions,
      student: { id: students.id, first_name: students.firstName, last_name: students.lastName },
      department: { id: departments.id, name: departments.name },
      therapist: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
    })
    .from(therasessions)
    .innerJoin(students, and(eq(students.organizationId, therasessions.organizationId), eq(students.id, therasessions.studentId)))
    .leftJoin(departments, and(eq(departments.organizationId, therasessions.organizationId), eq(departments.id, therasessions.departmentId)))
    .innerJoin(memberships, and(eq(memberships.organizationId, therasessions.organizationId), eq(memberships.id, therasessions.therapistMembershipId)))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(therasessions.organizationId, organizationId), where))
    .orderBy(asc(therasessions.startAt), asc(therasessions.id))
    .limit(limit)
    .offset(offset);
  return rows.map(
    ({ s, student, department, therapist }): Therasession => ({
      id: s.id,
      organization_id: s.organizationId,
      therapist_id: s.therapistMembershipId,
      therapist_name: therapist,
      student,
      department: department?.id ? { id: department.id, name: department.name } : null,
      start_at: s.startAt.toISOString(),
      end_at: s.endAt.toISOString(),
      status: s.status,
      started_at: s.startedAt?.toISOString() ?? null,
      ended_at: s.endedAt?.toISOString() ?? null,
      client_ended_at: s.clientEndedAt?.toISOString() ?? null,
      client_started_at: s.clientStartedAt?.toISOString() ?? null,
      start_received_at: s.startReceivedAt?.toISOString() ?? null,
      client_time_flag: s.clientTimeFlag,
      note: s.endNote,
      overtime_reason: s.overtimeReason,
    }),
  );
}

export async function toTherasession(tx: Tx, organizationId: string, id: string): Promise<Therasession> {
  const [row] = await selectTherasessions(tx, organizationId, eq(therasessions.id, id), 1);
  if (!row) {
    throw notFound('Session');
  }
  return row;
}

/** Sessions overlapping [from, to): one already running at `from` is part of the day too. */
export function rangeFilter(filter: { therapistId?: string | undefined; from?: string | undefined; to?: string | undefined }) {
  return and(
    filter.therapistId ? eq(therasessions.therapistMembershipId, filter.therapistId) : undefined,
    filter.from ? gt(therasessions.endAt, new Date(filter.from)) : undefined,
    filter.to ? lt(therasessions.startAt, new Date(filter.to)) : undefined,
  );
}

export async function countTherasessions(tx: Tx, organizationId: string, where: SQL | undefined) {
  const rows = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(therasessions)
    .where(and(eq(therasessions.organizationId, organizationId), where));
  return rows[0]?.n ?? 0;
}
