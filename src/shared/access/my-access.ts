import type { PermissionKey } from '../../../contract/http';
import type { MyOrganization } from '../../../contract/organizations';

/**
 * What the signed-in user may do in the active organization: the app's "can I?" (design.md
 * "Permissions": the app asks the same keys as the server only to hide what a role cannot do; the
 * server is the guard and refuses anyway).
 */
export interface MyAccess {
  isOwner: boolean;
  membershipId: string | null;
  can(key: PermissionKey): boolean;
}

export const NO_ACCESS: MyAccess = { isOwner: false, membershipId: null, can: () => false };

/**
 * THE SEAM: where the keys come from. Today from the organization list alone: the owner holds
 * every key, and a member is shown the view keys only (read-only screens; the server still
 * refuses a view their role lacks, and the screen shows that refusal). When the roles feature's
 * `GET T/organization/:orgCode/my-access/` ({is_owner, membership_id, permission_keys}) is in the
 * contract, build MyAccess from its answer here instead and nothing else in the app changes.
 * Type-only imports: this stays off the start-up path's zod.
 */
export function accessFrom(organization: MyOrganization | undefined): MyAccess {
  if (!organization) {
    return NO_ACCESS;
  }
  const isOwner = organization.role === 'owner';
  return {
    isOwner,
    membershipId: organization.membership_id,
    can: (key) => isOwner || key.endsWith('.view'),
  };
}
