import { type MembershipId, newId, type OrganizationId } from '../../lib/ids';
import { and, asc, eq, gt, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/handles';
import { sameOrganizationRow, tenantRows } from '../../lib/tenant-rows';
import { calendarEventPeople, calendarEvents } from '../../db/schema/calendar';
import { memberships } from '../../db/schema/organizations';
import { users } from '../../db/schema/accounts';
import { userNameFields } from '../../lib/person-columns';

// Every function takes the organization first and runs inside a tenant transaction it is given;
// the explicit organization filter sits on top of row-level security.

export type EventRow = typeof calendarEvents.$inferSelect;
export type EventKind = EventRow['kind'];
export type EventFields = Pick<EventRow, 'kind' | 'title' | 'description' | 'startAt' | 'endAt' | 'allDay' | 'forEveryone'>;

export const eventRows = tenantRows(calendarEvents);

export interface EventFilter {
  /** Events that end after this instant. */
  from: Date;
  /** Events that start before this instant. */
  to: Date;
  kind?: EventKind | undefined;
  /** Only the events that include this member: for everyone, or listing them. */
  including?: MembershipId | undefined;
  /** What a member without the whole calendar sees: the events for everyone and those listing them. */
  visibleTo?: MembershipId | undefined;
}

const includes = (membershipId: MembershipId): SQL =>
  or(
    eq(calendarEvents.forEveryone, true),
    sql`EXISTS (SELECT 1 FROM ${calendarEventPeople} p WHERE p.organization_id = ${calendarEvents.organizationId}
      AND p.event_id = ${calendarEvents.id} AND p.membership_id = ${membershipId})`,
  )!;

export interface EventWithCreator {
  event: EventRow;
  creator: { firstName: string; lastName: string } | null;
}

/** Events with the name of who made each (null once that membership or user is gone). */
function eventsWithCreator(tx: Tx, where: SQL | undefined) {
  return tx
    .select({ event: calendarEvents, creator: { firstName: users.firstName, lastName: users.lastName } })
    .from(calendarEvents)
    .leftJoin(memberships, sameOrganizationRow(memberships, calendarEvents, calendarEvents.createdByMembershipId))
    .leftJoin(users, eq(users.id, memberships.userId))
    .where(where);
}

/** Events overlapping [from, to), in start order, with the name of who made each. */
export async function selectEvents(tx: Tx, organizationId: OrganizationId, filter: EventFilter): Promise<EventWithCreator[]> {
  return eventsWithCreator(
    tx,
    and(
      eq(calendarEvents.organizationId, organizationId),
      lt(calendarEvents.startAt, filter.to),
      gt(calendarEvents.endAt, filter.from),
      filter.kind === undefined ? undefined : eq(calendarEvents.kind, filter.kind),
      filter.including === undefined ? undefined : includes(filter.including),
      filter.visibleTo === undefined ? undefined : includes(filter.visibleTo),
    ),
  ).orderBy(asc(calendarEvents.startAt), asc(calendarEvents.id));
}

/** One event with the name of who made it. */
export async function selectEvent(tx: Tx, organizationId: OrganizationId, id: string): Promise<EventWithCreator | undefined> {
  const [row] = await eventsWithCreator(tx, and(eq(calendarEvents.organizationId, organizationId), eq(calendarEvents.id, id)));
  return row;
}

export interface EventPerson {
  eventId: string;
  membershipId: string;
  firstName: string;
  lastName: string;
}

/** The people listed on these events, with their names, in one statement. */
export async function selectEventPeople(tx: Tx, organizationId: OrganizationId, eventIds: string[]): Promise<EventPerson[]> {
  if (eventIds.length === 0) {
    return [];
  }
  return tx
    .select({
      eventId: calendarEventPeople.eventId,
      membershipId: calendarEventPeople.membershipId,
      ...userNameFields,
    })
    .from(calendarEventPeople)
    .innerJoin(memberships, sameOrganizationRow(memberships, calendarEventPeople, calendarEventPeople.membershipId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(calendarEventPeople.organizationId, organizationId), inArray(calendarEventPeople.eventId, eventIds)))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(calendarEventPeople.membershipId));
}

/** Of these memberships, the ones of the organization still running (not ended). */
export async function runningMemberships(tx: Tx, organizationId: OrganizationId, ids: MembershipId[]): Promise<MembershipId[]> {
  if (ids.length === 0) {
    return [];
  }
  const rows = await tx
    .select({ id: memberships.id })
    .from(memberships)
    .where(
      and(
        eq(memberships.organizationId, organizationId),
        inArray(memberships.id, ids),
        inArray(memberships.status, ['active', 'resigning']),
        isNull(memberships.endedAt),
      ),
    );
  return rows.map((r) => r.id);
}

/** Replaces the people an event is for with these (none: for everyone). */
export async function setEventPeople(tx: Tx, organizationId: OrganizationId, eventId: string, membershipIds: MembershipId[]) {
  await tx
    .delete(calendarEventPeople)
    .where(and(eq(calendarEventPeople.organizationId, organizationId), eq(calendarEventPeople.eventId, eventId)));
  if (membershipIds.length > 0) {
    await tx
      .insert(calendarEventPeople)
      .values(membershipIds.map((membershipId) => ({ id: newId(), organizationId, eventId, membershipId })));
  }
}

/** The ids of the members an event lists. */
export async function eventPeopleIds(tx: Tx, organizationId: OrganizationId, eventId: string): Promise<MembershipId[]> {
  const rows = await tx
    .select({ membershipId: calendarEventPeople.membershipId })
    .from(calendarEventPeople)
    .where(and(eq(calendarEventPeople.organizationId, organizationId), eq(calendarEventPeople.eventId, eventId)));
  return rows.map((r) => r.membershipId).sort();
}

/**
 * Whole-organization closures (holidays and closures for everyone) overlapping [from, to): the days
 * no session may be booked on.
 */
export async function selectClosures(tx: Tx, organizationId: OrganizationId, from: Date, to: Date) {
  return tx
    .select({ id: calendarEvents.id, title: calendarEvents.title, startAt: calendarEvents.startAt, endAt: calendarEvents.endAt })
    .from(calendarEvents)
    .where(
      and(
        eq(calendarEvents.organizationId, organizationId),
        inArray(calendarEvents.kind, ['holiday', 'closure']),
        eq(calendarEvents.forEveryone, true),
        lt(calendarEvents.startAt, to),
        gt(calendarEvents.endAt, from),
      ),
    )
    .orderBy(asc(calendarEvents.startAt));
}
