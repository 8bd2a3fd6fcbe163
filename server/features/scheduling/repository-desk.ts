import type { OrganizationId } from '../../lib/ids';
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
export async function takenSessionIds(tx: Tx, organizationId: OrganizationId, ids: string[]): Promise<string[]> {
  if (ids.length === 0) {
    return [];
  }
  const rows = await tx
    .select({ id: therasessions.id })
    .from(therasessions)
    .where(and(eq(therasessions.organizationId, organizationId), inArray(therasessions.id, ids)));
  return rows.map((row) => row.id);
}

export async function therapistNames(tx: Tx, organizationId: OrganizationId, membershipIds: string[]): Promise<Map<string, string>> {
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

export async function studentNames(tx: Tx, organizationId: OrganizationId, studentIds: string[]): Promise<Map<string, string>> {
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

/** Whole-organization holidays and closures overlapping [from, to), in start order. */
export async function closuresBetween(tx: Tx, organizationId: OrganizationId, from: Date, to: Date) {
  return tx
    .select({ id: calendarEvents.id, title: calendarEvents.title, startAt: calendarEvents.startAt, endAt: calendarEvents.endAt })
    .from(calendarEvents)
    .where(
      and(
        eq(calendarEvents.organizationId, organizationId),
        inArray(calendarEvents.kind, ['holiday', 'closure']),
        eq(calendarEvents.forEveryone, true),
        sql`${calendarEvents.startAt} < ${to} AND ${calendarEvents.endAt} > ${from}`,
      ),
    )
    .orderBy(asc(calendarEvents.startAt));
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
