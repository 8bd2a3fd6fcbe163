import type { PermissionKey } from '../../../contract/http';
import type { MyOrganization } from '../../../contract/organizations';
import type { MyAccess as MyAccessAnswer } from '../../../contract/roles';

/**
 * What the signed-in user may do in the active organization: the app's "can I?" (the app asks the
 * same keys as the server only to hide what a role cannot do; the server is the guard and refuses
 * anyway).
 */
export interface MyAccess {
  isOwner: boolean;
  membershipId: string | null;
  can(key: PermissionKey): boolean;
}

export const NO_ACCESS: MyAccess = { isOwner: false, membershipId: null, can: () => false };

/**
 * What the user may do, from the server's `my-access` answer (roles feature) once it is in; until
 * then (or offline) from the organization list alone: the owner holds every key, a member is shown
 * the view keys only. The server refuses anything else either way, and screens show that refusal.
 * Type-only imports: this stays off the start-up path's zod.
 */
export function accessFrom(organization: MyOrganization | undefined, answer?: MyAccessAnswer): MyAccess {
  if (!organization) {
    return NO_ACCESS;
  }
  if (answer) {
    const keys = new Set<string>(answer.permission_keys);
    return { isOwner: answer.is_owner, membershipId: answer.membership_id, can: (key) => answer.is_owner || keys.has(key) };
  }
  const isOwner = organization.role === 'owner';
  return {
    isOwner,
    membershipId: organization.membership_id,
    can: (key) => isOwner || key.endsWith('.view'),
  };
}
