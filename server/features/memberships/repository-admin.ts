import type { MembershipId, OrganizationId, UserId } from '../../lib/ids';
import { and, asc, eq } from 'drizzle-orm';
import { tenantRows } from '../../lib/tenant-rows';
export { findOwnerUserId, findRole } from '../../db/lookups';
import type { Tx } from '../../db/handles';
import { memberships, organizations, roles } from '../../db/schema/organizations';
import { users } from '../../db/schema/accounts';

// Organization-side membership administration. Organization first, inside the tenant transaction given.

export type MembershipRow = typeof memberships.$inferSelect;
export type MembershipRole = MembershipRow['role'];
export type MembershipStatus = MembershipRow['status'];

/** Users are global rows the tenant role may read (GRANT SELECT): the person being added. */
export async function findUser(tx: Tx, userId: UserId) {
  const [row] = await tx
    .select({ id: users.id, userType: users.userType, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export const findMembershipOfUser = (tx: Tx, organizationId: OrganizationId, userId: UserId): Promise<MembershipRow | undefined> =>
  tenantRows(memberships).findOne(tx, organizationId, eq(memberships.userId, userId));

export async function insertMembership(
  tx: Tx,
  organizationId: OrganizationId,
  row: { id: MembershipId; userId: UserId; role: MembershipRole; roleId: string | null },
): Promise<MembershipRow | undefined> {
  const [created] = await tx
    .insert(memberships)
    .values({ organizationId, ...row, status: 'active' })
    .onConflictDoNothing({ target: [memberships.organizationId, memberships.userId] })
    .returning();
  return created;
}

export async function reactivateMembership(
  tx: Tx,
  organizationId: OrganizationId,
  id: MembershipId,
  patch: { role: MembershipRole; roleId: string | null },
): Promise<MembershipRow | undefined> {
  const [row] = await tx
    .update(memberships)
    .set({ ...patch, status: 'active', joinedAt: new Date(), statusReason: '', statusChangedAt: new Date(), endedAt: null })
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.id, id)))
    .returning();
  return row;
}

export async function selectMemberships(
  tx: Tx,
  organizationId: OrganizationId,
  filter: { role?: MembershipRole; status?: MembershipStatus } = {},
) {
  return tx
    .select({
      membership: memberships,
      user: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, userType: users.userType },
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.organizationId, organizationId),
        filter.role === undefined ? undefined : eq(memberships.role, filter.role),
        filter.status === undefined ? undefined : eq(memberships.status, filter.status),
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName));
}
