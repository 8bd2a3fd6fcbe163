import type { MembershipId } from '../../lib/ids';
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { memberships, ownedKeyColumns } from './organizations';
import { createdAtColumn, tenantIndex, tenantKeyColumns, tenantPrimaryKey, tenantReference, tenantUnique } from './tenant';

export const CALENDAR_EVENT_KINDS = ['meeting', 'training', 'holiday', 'closure'] as const;

/**
 * Something on the organization's calendar that is not a session: a meeting, a training, a
 * holiday or a closure. It is for the whole organization or for the people listed in
 * calendar_event_people. A holiday or closure for the whole organization blocks sessions.
 */
export const calendarEvents = pgTable(
  'calendar_events',
  {
    ...ownedKeyColumns(),
    kind: text('kind', { enum: CALENDAR_EVENT_KINDS }).notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    /** Whole days in the organization's time zone (start_at and end_at are that zone's midnights). */
    allDay: boolean('all_day').notNull().default(false),
    forEveryone: boolean('for_everyone').notNull().default(false),
    createdByMembershipId: uuid('created_by_membership_id').$type<MembershipId>(),
    createdAt: createdAtColumn(),
  },
  (t) => [tenantPrimaryKey(t), tenantIndex('calendar_events_start_idx', t, t.startAt)],
);

export const calendarEventPeople = pgTable(
  'calendar_event_people',
  {
    ...tenantKeyColumns(),
    eventId: uuid('event_id').notNull(),
    membershipId: uuid('membership_id').$type<MembershipId>().notNull(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantUnique('calendar_event_people_uq', t, t.eventId, t.membershipId),
    tenantReference(t, t.eventId, calendarEvents).onDelete('cascade'),
    tenantReference(t, t.membershipId, memberships).onDelete('cascade'),
    index('calendar_event_people_member_idx').on(t.organizationId, t.membershipId),
  ],
);

/**
 * A member's calendar subscription: the feed's secret address holds a token whose hash is kept
 * here. Revoking deletes the row; a new subscription is a new token.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    ...ownedKeyColumns(),
    membershipId: uuid('membership_id').$type<MembershipId>().notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAtColumn(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantUnique('calendar_feeds_membership_uq', t, t.membershipId),
    tenantReference(t, t.membershipId, memberships).onDelete('cascade'),
    index('calendar_feeds_token_idx').on(t.tokenHash),
  ],
);
