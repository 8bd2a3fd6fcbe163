/**
 * Calendar events: meetings, trainings, holidays and closures, for everyone or for listed people.
 *
 * Rules and decisions:
 * - A range read spans at most 62 days (two months and a bit: a month view with its spill-over weeks).
 * - The people an event lists are running memberships of this organization (active or resigning: a
 *   member serving notice still works); another organization's membership, or one that ended, is
 *   "not found" (404), never a hint that it exists elsewhere.
 * - An all-day event's start and end are midnights of the organization's time zone; anything else
 *   is refused (400) rather than rounded, so what a person picked is never moved for them.
 * - Who sees which events: owners and holders of sessions.manage or calendar.manage see them all;
 *   anyone else sees the events for everyone and those that list them.
 * - A holiday or closure for everyone is a closure: sessions are not booked over it (the sessions'
 *   conflict check reads them through this feature's index.ts).
 * - Every write records the trail (entity 'calendar_event') in the call's transaction.
 */
import type { z } from 'zod';
import { AppError, notFound } from '../../lib/app-error';
import { asMembershipId, type MembershipId, newId } from '../../lib/ids';
import type { RequestContext } from '../../lib/request-context';
import { sessionReach, type OrgAccess } from '../../lib/access';
import { organizationTimezone } from '../../db/lookups';
import { localDate, zonedTimeToUtc } from '../../lib/time-zones';
import type { CalendarEvent, createCalendarEvent, listCalendarEvents, updateCalendarEvent } from '../../../contract/calendar';
import * as repo from './repository';
import { auditedEvent, presentEvent, presentEvents } from './present';

export const MAX_RANGE_DAYS = 62;

/**
 * The member whose events a caller sees, or undefined for every event: whoever keeps the schedule
 * (lib/access's session reach) or the calendar (calendar.manage) sees them all.
 */
function eventsOf(access: OrgAccess): MembershipId | undefined {
  const reach = sessionReach(access);
  return reach.every || access.permissions.has('calendar.manage') ? undefined : reach.membershipId;
}

const invalid = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', 'Please correct the highlighted fields.', { [field]: [message] });

/** The range of a calendar read, checked: to after from, at most 62 days. */
export function rangeOf(query: { from: string; to: string }): { from: Date; to: Date } {
  const from = new Date(query.from);
  const to = new Date(query.to);
  if (to.getTime() <= from.getTime()) {
    throw invalid('to', 'The end of the range must be after its start.');
  }
  if (to.getTime() - from.getTime() > MAX_RANGE_DAYS * 24 * 3600_000) {
    throw invalid('to', `Ask for at most ${MAX_RANGE_DAYS} days at a time.`);
  }
  return { from, to };
}

/** The events a caller may see in a range (and of a kind, or including a member, when asked), with their people. */
export async function visibleEvents(
  ctx: RequestContext,
  filter: { from: Date; to: Date; kind?: repo.EventKind | undefined; membershipId?: MembershipId | undefined },
): Promise<CalendarEvent[]> {
  const organizationId = ctx.org.id;
  const rows = await repo.selectEvents(ctx.tx, organizationId, {
    from: filter.from,
    to: filter.to,
    kind: filter.kind,
    including: filter.membershipId,
    visibleTo: eventsOf(ctx.org.access),
  });
  // An event for everyone lists nobody: only the others' people are read (often none, and no statement).
  const people = await repo.selectEventPeople(
    ctx.tx,
    organizationId,
    rows.filter((r) => !r.event.forEveryone).map((r) => r.event.id),
  );
  return presentEvents(rows, people);
}

export async function listEvents(ctx: RequestContext, query: z.output<typeof listCalendarEvents.query>) {
  const range = rangeOf(query);
  return { results: await visibleEvents(ctx, { ...range, kind: query.kind, membershipId: asMembershipId(query.membership_id) }) };
}

/** One event as its caller may see it; another organization's, or one the caller is not in, is not found. */
async function eventAnswer(ctx: RequestContext, id: string): Promise<CalendarEvent> {
  const row = await repo.selectEvent(ctx.tx, ctx.org.id, id);
  if (!row) {
    throw notFound('Calendar event');
  }
  return presentEvent(row, await repo.selectEventPeople(ctx.tx, ctx.org.id, [id]));
}

/** The audience checked: listed people are running members of this organization (404 otherwise), none when for everyone. */
async function audience(ctx: RequestContext, forEveryone: boolean, membershipIds: string[]): Promise<MembershipId[]> {
  if (forEveryone) {
    return [];
  }
  const wanted = [...new Set(membershipIds.map(asMembershipId))];
  const running = await repo.runningMemberships(ctx.tx, ctx.org.id, wanted);
  if (running.length !== wanted.length) {
    throw notFound('Membership');
  }
  if (wanted.length === 0) {
    throw invalid('membership_ids', 'Choose who it is for, or make it for everyone.');
  }
  return wanted.sort();
}

/** All-day events run from one midnight of the organization's zone to another. */
async function checkTimes(ctx: RequestContext, fields: Pick<repo.EventFields, 'startAt' | 'endAt' | 'allDay'>) {
  if (fields.endAt.getTime() <= fields.startAt.getTime()) {
    throw invalid('end_at', 'The end must be after the start.');
  }
  if (!fields.allDay) {
    return;
  }
  const zone = await organizationTimezone(ctx.tx, ctx.org.id);
  const isMidnight = (at: Date) => zonedTimeToUtc(localDate(zone, at), '00:00', zone).getTime() === at.getTime();
  for (const [field, at] of [
    ['start_at', fields.startAt],
    ['end_at', fields.endAt],
  ] as const) {
    if (!isMidnight(at)) {
      throw invalid(field, `An all-day event starts and ends at midnight in the organization's time zone (${zone}).`);
    }
  }
}

export async function createEvent(ctx: RequestContext, body: z.output<typeof createCalendarEvent.body>): Promise<CalendarEvent> {
  if (body.organization_id !== ctx.org.id) {
    throw notFound('Organization');
  }
  const fields: repo.EventFields = {
    kind: body.kind,
    title: body.title,
    description: body.description,
    startAt: new Date(body.start_at),
    endAt: new Date(body.end_at),
    allDay: body.all_day,
    forEveryone: body.for_everyone,
  };
  await checkTimes(ctx, fields);
  const people = await audience(ctx, fields.forEveryone, body.membership_ids ?? []);
  const row = await repo.eventRows.insert(ctx.tx, ctx.org.id, {
    id: newId(),
    ...fields,
    createdByMembershipId: ctx.org.access.membershipId,
  });
  await repo.setEventPeople(ctx.tx, ctx.org.id, row.id, people);
  await ctx.trail.record({ action: 'create', entity: 'calendar_event', entityId: row.id, after: auditedEvent(row, people) });
  return eventAnswer(ctx, row.id);
}

export async function updateEvent(
  ctx: RequestContext,
  id: string,
  body: z.output<typeof updateCalendarEvent.body>,
): Promise<CalendarEvent> {
  const organizationId = ctx.org.id;
  const before = await repo.eventRows.byId(ctx.tx, organizationId, id, true);
  if (!before) {
    throw notFound('Calendar event');
  }
  const peopleBefore = await repo.eventPeopleIds(ctx.tx, organizationId, id);
  const patch: Partial<repo.EventFields> = {};
  for (const [key, value] of [
    ['kind', body.kind],
    ['title', body.title],
    ['description', body.description],
    ['startAt', body.start_at === undefined ? undefined : new Date(body.start_at)],
    ['endAt', body.end_at === undefined ? undefined : new Date(body.end_at)],
    ['allDay', body.all_day],
    ['forEveryone', body.for_everyone],
  ] as const) {
    if (value !== undefined) {
      Object.assign(patch, { [key]: value });
    }
  }
  const merged = { ...before, ...patch };
  await checkTimes(ctx, merged);
  const audienceChanges = body.for_everyone !== undefined || body.membership_ids !== undefined;
  const people = audienceChanges ? await audience(ctx, merged.forEveryone, body.membership_ids ?? peopleBefore) : peopleBefore;
  const after = (await repo.eventRows.update(ctx.tx, organizationId, id, patch)) ?? before;
  if (audienceChanges) {
    await repo.setEventPeople(ctx.tx, organizationId, id, people);
  }
  await ctx.trail.record({
    action: 'update',
    entity: 'calendar_event',
    entityId: id,
    before: auditedEvent(before, peopleBefore),
    after: auditedEvent(after, people),
  });
  return eventAnswer(ctx, id);
}

export async function deleteEvent(ctx: RequestContext, id: string): Promise<{ ok: true }> {
  const organizationId = ctx.org.id;
  const peopleBefore = await repo.eventPeopleIds(ctx.tx, organizationId, id);
  const gone = await repo.eventRows.deleteById(ctx.tx, organizationId, id);
  if (!gone) {
    throw notFound('Calendar event');
  }
  await ctx.trail.record({ action: 'delete', entity: 'calendar_event', entityId: id, before: auditedEvent(gone, peopleBefore) });
  return { ok: true };
}
