import type { UserId } from '../../lib/ids';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/handles';
import { memberships, organizations } from '../../db/schema/organizations';

/**
 * A user's own memberships in every organization (any status: the therapist sees their history).
 * A user-scoped look-up across organizations, so it runs on the owner connection (server/db/rls.ts)
 * and is bounded by the user id, never by a path or body value.
 */
export async function membershipsOfUser(db: Db, userId: UserId) {
  return db
    .select({ membership: memberships, organization: organizations })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.joinedAt), asc(memberships.id));
}
