import { asOrganizationId, type MembershipId, type OrganizationId } from '../../lib/ids';
import { and, asc, eq, gt, gte, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/handles';
import { calendarFeeds } from '../../db/schema/calendar';
import { memberships, organizations } from '../../db/schema/organizations';
import { therasessions } from '../../db/schema/scheduling';
import { students } from '../../db/schema/enrollments';
import { sameOrganizationRow, tenantRows } from '../../lib/tenant-rows';

export type FeedRow = typeof calendarFeeds.$inferSelect;

const feeds = tenantRows(calendarFeeds);

/** A member has one feed at most. */
export const findFeed = (tx: Tx, organizationId: OrganizationId, membershipId: MembershipId) =>
  feeds.findOne(tx, organizationId, eq(calendarFeeds.membershipId, membershipId));

/** The member's one feed, now under this token's hash: an older token stops working in the same statement. */
export async function replaceFeed(
  tx: Tx,
  organizationId: OrganizationId,
  row: { id: string; membershipId: MembershipId; tokenHash: string },
) {
  const [saved] = await tx
    .insert(calendarFeeds)
    .values({ organizationId, ...row })
    .onConflictDoUpdate({
      target: [calendarFeeds.organizationId, calendarFeeds.membershipId],
      set: { id: row.id, tokenHash: row.tokenHash, createdAt: sql`now()`, lastUsedAt: null },
    })
    .returning();
  return saved!;
}

export const deleteFeed = (tx: Tx, organizationId: OrganizationId, membershipId: MembershipId) =>
  feeds.deleteOne(tx, organizationId, eq(calendarFeeds.membershipId, membershipId));

/**
 * The feed a token's hash opens, across organizations (owner connection: no organization is known
 * yet), with its membership while that membership runs, and the organization's zone and name.
 */
export async function feedByTokenHash(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      feedId: calendarFeeds.id,
      organizationId: calendarFeeds.organizationId,
      membershipId: calendarFeeds.membershipId,
      organizationName: organizations.name,
      timeZone: organizations.timezone,
    })
    .from(calendarFeeds)
    .innerJoin(memberships, sameOrganizationRow(memberships, calendarFeeds, calendarFeeds.membershipId))
    .innerJoin(organizations, eq(organizations.id, calendarFeeds.organizationId))
    .where(
      and(
        eq(calendarFeeds.tokenHash, tokenHash),
        sql`${memberships.endedAt} IS NULL`,
        sql`${memberships.status} IN ('active', 'resigning')`,
      ),
    );
  return row ? { ...row, organizationId: asOrganizationId(row.organizationId) } : undefined;
}

export async function markFeedUsed(db: Db, feedId: string) {
  await db
    .update(calendarFeeds)
    .set({ lastUsedAt: sql`now()` })
    .where(eq(calendarFeeds.id, feedId));
}

/** A therapist's sessions overlapping [from, to), with only what the feed shows of the child: their name's initials are made from it. */
export async function selectFeedSessions(tx: Tx, organizationId: OrganizationId, membershipId: MembershipId, from: Date, to: Date) {
  return tx
    .select({
      id: therasessions.id,
      startAt: therasessions.startAt,
      endAt: therasessions.endAt,
      status: therasessions.status,
      studentFirst: students.firstName,
      studentLast: students.lastName,
    })
    .from(therasessions)
    .innerJoin(students, sameOrganizationRow(students, therasessions, therasessions.studentId))
    .where(
      and(
        eq(therasessions.organizationId, organizationId),
        eq(therasessions.therapistMembershipId, membershipId),
        lt(therasessions.startAt, to),
        gt(therasessions.endAt, from),
        gte(therasessions.startAt, new Date(from.getTime() - 24 * 3600_000)), // keeps the index on the range: no session lasts a day
      ),
    )
    .orderBy(asc(therasessions.startAt));
}
