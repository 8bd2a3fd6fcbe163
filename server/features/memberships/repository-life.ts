import type { MembershipId, OrganizationId, UserId } from '../../lib/ids';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/handles';
import { memberships, organizations } from '../../db/schema/organizations';
import { workspaceUsages } from '../../db/schema/workspace';
import type { MembershipRow } from './repository-admin';
import { tenantRows } from '../../lib/tenant-rows';

// The moves of a membership's life, inside the organization's tenant transaction given.

/** Read and held until commit, so two moves on one membership run one after the other. */
export const lockMembership = (tx: Tx, organizationId: OrganizationId, id: MembershipId): Promise<MembershipRow | undefined> =>
  tenantRows(memberships).byId(tx, organizationId, id, true);

/** A move of the membership's life: its status, why and when (and, at the end, when it ended). */
export const setStatus = async (
  tx: Tx,
  organizationId: OrganizationId,
  id: MembershipId,
  patch: Pick<MembershipRow, 'status' | 'statusReason' | 'statusChangedAt' | 'endedAt'>,
): Promise<MembershipRow> => (await tenantRows(memberships).update(tx, organizationId, id, patch))!;

/**
 * A workspace the member left open is closed at the end: after it they cannot close it themselves,
 * and an open usage would count hours for ever. Answers the usages closed.
 */
export async function closeOpenUsages(tx: Tx, organizationId: OrganizationId, membershipId: MembershipId, at: Date) {
  return tx
    .update(workspaceUsages)
    .set({ closedAt: at })
    .where(
      and(
        eq(workspaceUsages.organizationId, organizationId),
        eq(workspaceUsages.membershipId, membershipId),
        isNull(workspaceUsages.closedAt),
      ),
    )
    .returning({ id: workspaceUsages.id, openedAt: workspaceUsages.openedAt });
}

/**
 * The signed-in user's membership with this id and its organization (any organization: the owner
 * connection, bounded by the user id, so another user's membership is simply not found).
 */
export async function membershipOfUser(db: Db, userId: UserId, id: MembershipId) {
  const [row] = await db
    .select({ membership: memberships, organization: organizations })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(and(eq(memberships.id, id), eq(memberships.userId, userId)));
  return row;
}
