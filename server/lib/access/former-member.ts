import { sameOrganizationRow } from '../tenant-rows';
import { and, eq, sql } from 'drizzle-orm';
import type { PermissionKey } from '../../../contract/http';
import type { Db } from '../../db/handles';
import type { OrganizationId, UserId } from '../ids';
import { DEFAULT_MEMBER_PERMISSIONS } from '../../db/built-in-roles';
import { memberships, roles } from '../../db/schema/organizations';

/**
 * A resigned or terminated member, for the few calls that take what they did before the end: their
 * role's keys as they were, and when the membership ended (null if an old row never recorded it,
 * which the service treats as ended before anything). Anyone else is still refused as not found.
 */
export async function formerMemberAccess(db: Db, organizationId: OrganizationId, userId: UserId) {
  const [row] = await db
    .select({
      membershipId: memberships.id,
      role: memberships.role,
      roleId: memberships.roleId,
      endedAt: memberships.endedAt,
      keys: roles.permissionKeys,
    })
    .from(memberships)
    .leftJoin(roles, sameOrganizationRow(roles, memberships, memberships.roleId))
    .where(
      and(
        eq(memberships.organizationId, organizationId),
        eq(memberships.userId, userId),
        sql`${memberships.status} IN ('terminated', 'resigned')`,
      ),
    )
    .limit(1);
  if (!row) {
    return null;
  }
  const keys = (row.roleId === null ? DEFAULT_MEMBER_PERMISSIONS[row.role] : (row.keys ?? [])) as PermissionKey[];
  return {
    organizationId,
    isOwner: false,
    membershipId: row.membershipId,
    roleId: row.roleId,
    permissions: new Set(keys) as ReadonlySet<PermissionKey>,
    membershipEndedAt: row.endedAt,
  };
}
