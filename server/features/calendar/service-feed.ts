/**
 * A member's schedule as an iCal feed a phone subscribes to, at a secret address they can revoke.
 *
 * - The address holds a random token (256 bits) shown once, when made; only its SHA-256 is kept, so
 *   asking again later answers whether one exists (url null) and not the address. Making a new one
 *   replaces the old: the old address stops working at once.
 * - The feed reads the member's sessions from 30 days back to 180 days ahead and the events that
 *   include them, as instants (UTC) with the organization's zone named (X-WR-TIMEZONE), so a phone in
 *   another zone still shows the right moment. All-day events are whole dates of that zone.
 * - What it shows of a child is the initials ("Session with M. C."): a calendar syncs to phones and
 *   other services beyond the organization's control. No notes, no descriptions (an event's text
 *   may name a child), no full names anywhere.
 * - An unknown token, a revoked one and one whose membership ended all answer the same 404.
 * - The token names no organization, so it is looked up on the owner connection (as sign-in reads
 *   sessions), then the schedule is read in that organization's tenant transaction.
 */
import { randomBytes } from 'node:crypto';
import ical, { ICalEventStatus } from 'ical-generator';
import { AppError, notFound } from '../../lib/app-error';
import { type MembershipId, newId, type OrganizationId } from '../../lib/ids';
import type { PublicContext, RequestContext } from '../../lib/request-context';
import { hashToken } from '../../lib/access';
import { localDate } from '../../lib/time-zones';
import type { Tx } from '../../db/handles';
import { calendar as routes } from '../../../contract/routes/calendar';
import type { z } from 'zod';
import type { CalendarFeed as FeedShape } from '../../../contract/calendar';
import * as feeds from './repository-feed';
import * as events from './repository';
import { initials } from './present';

type CalendarFeed = z.output<typeof FeedShape>;

const DAY_MS = 24 * 3600_000;
const DAYS_BACK = 30;
const DAYS_AHEAD = 180;

/** The caller's membership: an owner without one has no schedule to subscribe to. */
function membershipOf(ctx: RequestContext): MembershipId {
  const { membershipId } = ctx.org.access;
  if (membershipId === null) {
    throw new AppError('CONFLICT', 'Only a member with a schedule can subscribe to it; an owner without a membership has none.');
  }
  return membershipId;
}

const feedAnswer = (row: feeds.FeedRow | undefined, url: string | null = null): CalendarFeed => ({
  url,
  created_at: row?.createdAt.toISOString() ?? null,
  last_used_at: row?.lastUsedAt?.toISOString() ?? null,
});

export async function myFeed(ctx: RequestContext): Promise<CalendarFeed> {
  const { membershipId } = ctx.org.access;
  return feedAnswer(membershipId === null ? undefined : await feeds.findFeed(ctx.tx, ctx.org.id, membershipId));
}

/** A new secret address for the caller's schedule, replacing any older one; `origin` is the app's public origin. */
export async function createFeed(ctx: RequestContext, origin: string): Promise<CalendarFeed> {
  const membershipId = membershipOf(ctx);
  const token = randomBytes(32).toString('base64url');
  const row = await feeds.replaceFeed(ctx.tx, ctx.org.id, { id: newId(), membershipId, tokenHash: hashToken(token) });
  await ctx.trail.record({ action: 'create', entity: 'calendar_feed', entityId: row.id, after: { membership_id: membershipId } });
  const path = routes.calendarFeedIcs.path.replace(':token', token);
  return feedAnswer(row, `${origin.replace(/\/$/, '')}${path}`);
}

export async function revokeFeed(ctx: RequestContext): Promise<{ ok: true }> {
  const membershipId = membershipOf(ctx);
  const gone = await feeds.deleteFeed(ctx.tx, ctx.org.id, membershipId);
  if (gone) {
    await ctx.trail.record({ action: 'delete', entity: 'calendar_feed', entityId: gone.id, before: { membership_id: membershipId } });
  }
  return { ok: true };
}

/** The feed's iCalendar text for its token; any token that opens nothing is the same "not found". */
export async function feedIcs(ctx: PublicContext, token: string): Promise<string> {
  const feed = await feeds.feedByTokenHash(ctx.database.db, hashToken(token));
  if (!feed) {
    throw notFound('Calendar');
  }
  const now = Date.now();
  const from = new Date(now - DAYS_BACK * DAY_MS);
  const to = new Date(now + DAYS_AHEAD * DAY_MS);
  const text = await ctx.database.tenant(feed.organizationId, (tx) => buildCalendar(tx, feed, from, to));
  await feeds.markFeedUsed(ctx.database.db, feed.feedId);
  return text;
}

async function buildCalendar(
  tx: Tx,
  feed: { organizationId: OrganizationId; membershipId: MembershipId; organizationName: string; timeZone: string },
  from: Date,
  to: Date,
): Promise<string> {
  const sessions = await feeds.selectFeedSessions(tx, feed.organizationId, feed.membershipId, from, to);
  const included = await events.selectEvents(tx, feed.organizationId, { from, to, including: feed.membershipId });
  const cal = ical({ name: `${feed.organizationName}: my schedule`, prodId: { company: 'Thera', product: 'schedule' } });
  cal.x([{ key: 'X-WR-TIMEZONE', value: feed.timeZone }]);
  for (const s of sessions) {
    cal.createEvent({
      id: `session-${s.id}`,
      start: s.startAt,
      end: s.endAt,
      summary: `Session with ${initials(s.studentFirst, s.studentLast)}`,
      ...(s.status === 'cancelled' ? { status: ICalEventStatus.CANCELLED } : {}),
    });
  }
  // A whole day is a date of the organization's zone; ical-generator writes an all-day date from its UTC parts.
  const wholeDate = (at: Date) => new Date(`${localDate(feed.timeZone, at)}T00:00:00Z`);
  for (const { event: e } of included) {
    cal.createEvent({
      id: `event-${e.id}`,
      start: e.allDay ? wholeDate(e.startAt) : e.startAt,
      end: e.allDay ? wholeDate(e.endAt) : e.endAt,
      allDay: e.allDay,
      summary: e.title,
    });
  }
  return cal.toString();
}
