import type { MembershipId, OrganizationId, SessionId, StudentId } from '../../lib/ids';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { rowsOf, type Tx } from '../../db/handles';
import { therasessions } from '../../db/schema/scheduling';
import { memberships } from '../../db/schema/organizations';
import { students } from '../../db/schema/enrollments';
import { users } from '../../db/schema/accounts';
import { services } from '../../db/schema/services';
import { calendarEvents } from '../../db/schema/calendar';
import { auditTrail } from '../../db/schema/audit';
import { dataPoints, pointObservations, trialStates } from '../../db/schema/collector';
import type { SessionRow } from './repository';

// The desk's reads and writes on sessions: booking many at once, the names and services a booking
// needs, the recorded data that keeps a session from being deleted, and its activities.

export type NewSessionRow = Omit<typeof therasessions.$inferInsert, 'organizationId'> & { id: string };

/** Many sessions in one statement (a term's plan is one insert). */
export async function insertSessions(tx: Tx, organizationId: OrganizationId, rows: NewSessionRow[]): Promise<SessionRow[]> {
  if (rows.length === 0) {
    return [];
  }
  return tx
    .insert(therasessions)
    .values(rows.map((row) => ({ ...row, organizationId })))
    .returning();
}

/** The ids among these that are already sessions of the organization. */
/**
 * Takes, until the transaction ends, one lock per therapist and per student a booking touches, in
 * one order: two servers booking the same therapist or student at once check conflicts one after
 * the other, so both cannot pass and double-book. Other bookings go on in parallel.
 */
export async function lockSchedules(tx: Tx, organizationId: OrganizationId, people: { therapists: string[]; students: string[] }) {
  const keys = [...new Set([...people.therapists.map((id) => `t:${id}`), ...people.students.map((id) => `s:${id}`)])]
    .map((key) => `schedule:${organizationId}:${key}`)
    .sort();
  if (keys.length > 0) {
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(hashtextextended(l.k, 0))
          FROM jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb) WITH ORDINALITY AS l(k, n) ORDER BY l.n`,
    );
  }
}

export async function takenSessionIds(tx: Tx, organizationId: OrganizationId, ids: SessionId[]): Promise<SessionId[]> {
  if (ids.length === 0) {
    return [];
  }
  const rows = await tx
    .select({ id: therasessions.id })
    .from(therasessions)
    .where(and(eq(therasessions.organizationId, organizationId), inArray(therasessions.id, ids)));
  return rows.map((row) => row.id);
}

export async function therapistNames(tx: Tx, organizationId: OrganizationId, membershipIds: MembershipId[]): Promise<Map<string, string>> {
  if (membershipIds.length === 0) {
    return new Map();
  }
  const rows = await tx
    .select({ id: memberships.id, firstName: users.firstName, lastName: users.lastName })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, organizationId), inArray(memberships.id, membershipIds)));
  return new Map(rows.map((row) => [row.id, `${row.firstName} ${row.lastName}`]));
}

export async function studentNames(tx: Tx, organizationId: OrganizationId, studentIds: StudentId[]): Promise<Map<string, string>> {
  if (studentIds.length === 0) {
    return new Map();
  }
  const rows = await tx
    .select({ id: students.id, firstName: students.firstName, lastName: students.lastName })
    .from(students)
    .where(and(eq(students.organizationId, organizationId), inArray(students.id, studentIds)));
  return new Map(rows.map((row) => [row.id, `${row.firstName} ${row.lastName}`]));
}

export async function findServices(tx: Tx, organizationId: OrganizationId, ids: string[]) {
  if (ids.length === 0) {
    return [];
  }
  return tx
    .select({
      id: services.id,
      name: services.name,
      isActive: services.isActive,
      durationMinutes: services.durationMinutes,
      priceMinor: services.priceMinor,
    })
    .from(services)
    .where(and(eq(services.organizationId, organizationId), inArray(services.id, ids)));
}

/** Whether the collector recorded anything for the session (points, observations, trials). */
export async function hasRecordedData(tx: Tx, organizationId: OrganizationId, sessionId: string): Promise<boolean> {
  const exists = (table: typeof dataPoints | typeof pointObservations | typeof trialStates) =>
    sql`EXISTS (SELECT 1 FROM ${table} WHERE ${table.organizationId} = ${organizationId} AND ${table.sessionId} = ${sessionId})`;
  const [row] = rowsOf<{ recorded: boolean }>(
    await tx.execute(sql`SELECT (${exists(dataPoints)} OR ${exists(pointObservations)} OR ${exists(trialStates)}) AS recorded`),
  );
  return row?.recorded === true;
}

/** Something in a candidate's way: the candidate's index, the session or event, and the name it goes by. */
export type ConflictRow = {
  idx: number;
  kind: 'therapist' | 'student' | 'closure';
  id: string;
  name: string;
  start_at: string;
  end_at: string;
};

/**
 * Everything stored in the way of a batch of candidate sessions, in one statement: the candidates
 * travel as one JSON parameter and each probes the (organization, therapist, start) and
 * (organization, student, start) indexes. A session lasts at most 12 hours, so one overlapping a
 * candidate starts at most 12 hours before it: that lower bound keeps each probe a short index range.
 */
export async function selectConflicts(
  tx: Tx,
  organizationId: OrganizationId,
  candidates: { id: string; therapistMembershipId: string; studentId: string; startAt: Date; endAt: Date }[],
): Promise<ConflictRow[]> {
  if (candidates.length === 0) {
    return [];
  }
  const input = JSON.stringify(
    candidates.map((c, idx) => ({
      idx,
      id: c.id,
      therapist_id: c.therapistMembershipId,
      student_id: c.studentId,
      start_at: c.startAt.toISOString(),
      end_at: c.endAt.toISOString(),
    })),
  );
  return rowsOf<ConflictRow>(
    await tx.execute(sql`
    WITH c AS (
      SELECT * FROM jsonb_to_recordset(${input}::jsonb)
        AS c(idx int, id uuid, therapist_id uuid, student_id uuid, start_at timestamptz, end_at timestamptz)
    )
    SELECT c.idx, 'therapist' AS kind, s.id, u.first_name || ' ' || u.last_name AS name,
           to_json(s.start_at) #>> '{}' AS start_at, to_json(s.end_at) #>> '{}' AS end_at
      FROM c
      JOIN therasessions s ON s.organization_id = ${organizationId} AND s.therapist_membership_id = c.therapist_id
       AND s.start_at < c.end_at AND s.start_at > c.start_at - interval '12 hours' AND s.end_at > c.start_at
       AND s.status NOT IN ('cancelled', 'no_show') AND s.id <> c.id
      JOIN memberships m ON m.organization_id = s.organization_id AND m.id = s.therapist_membership_id
      JOIN users u ON u.id = m.user_id
    UNION ALL
    SELECT c.idx, 'student', s.id, st.first_name || ' ' || st.last_name,
           to_json(s.start_at) #>> '{}', to_json(s.end_at) #>> '{}'
      FROM c
      JOIN therasessions s ON s.organization_id = ${organizationId} AND s.student_id = c.student_id
       AND s.start_at < c.end_at AND s.start_at > c.start_at - interval '12 hours' AND s.end_at > c.start_at
       AND s.status NOT IN ('cancelled', 'no_show') AND s.id <> c.id
      JOIN students st ON st.organization_id = s.organization_id AND st.id = s.student_id
    UNION ALL
    SELECT c.idx, 'closure', e.id, e.title, to_json(e.start_at) #>> '{}', to_json(e.end_at) #>> '{}'
      FROM c
      JOIN calendar_events e ON e.organization_id = ${organizationId} AND e.kind IN ('holiday', 'closure') AND e.for_everyone
       AND e.start_at < c.end_at AND e.end_at > c.start_at
    ORDER BY 1, 5`),
  );
}

const actingAs = alias(users, 'acting_as');

/** The trail rows of one session, oldest first, with who made each call and whom they acted as. */
export async function sessionTrail(tx: Tx, organizationId: OrganizationId, sessionId: string) {
  return tx
    .select({
      id: auditTrail.id,
      at: auditTrail.at,
      action: auditTrail.action,
      changes: auditTrail.changes,
      by: sql<string>`coalesce(${users.firstName} || ' ' || ${users.lastName}, 'Someone')`,
      actingAs: sql<string | null>`${actingAs.firstName} || ' ' || ${actingAs.lastName}`,
    })
    .from(auditTrail)
    .leftJoin(users, eq(users.id, auditTrail.userId))
    .leftJoin(actingAs, eq(actingAs.id, auditTrail.actingAsUserId))
    .where(and(eq(auditTrail.organizationId, organizationId), eq(auditTrail.entity, 'therasession'), eq(auditTrail.entityId, sessionId)))
    .orderBy(asc(auditTrail.id));
}
