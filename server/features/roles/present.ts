import type { RacedConstraint } from '../../lib/db-errors';
import type { z } from 'zod';
import { PERMISSION_KEYS, PERMISSION_KEY_LABELS, type PermissionKey } from '../../../contract/http';
import type { Role } from '../../../contract/roles';
import type { OrgAccess } from '../../lib/access';
import type { RoleRow, RoleWithCount } from './repository';

export const present = (role: RoleWithCount): z.input<typeof Role> => ({
  id: role.id,
  name: role.name,
  permission_keys: role.permissionKeys as PermissionKey[],
  default_for: role.defaultFor,
  members_count: role.membersCount,
});

/** The fields the audit trail keeps of a role. */
export const audited = (role: Pick<RoleRow, 'name' | 'permissionKeys' | 'defaultFor'>) => ({
  name: role.name,
  permission_keys: role.permissionKeys,
  default_for: role.defaultFor,
});

/** What the caller may do here: the owner every key, a member their role's keys (in PERMISSION_KEYS order). */
export function presentAccess(org: OrgAccess) {
  return {
    is_owner: org.isOwner,
    membership_id: org.membershipId,
    permission_keys: PERMISSION_KEYS.filter((key) => org.permissions.has(key)),
  };
}

/** Every permission key with the words the roles screen shows. */
export function presentPermissionKeys() {
  const results = PERMISSION_KEYS.map((key) => ({ key, label: PERMISSION_KEY_LABELS[key], capability: key.split('.')[0]! }));
  return { count: results.length, results };
}

/** What a person hears when two saves race into one of this feature's unique constraints (409, on the field). */
export const UNIQUE_CONSTRAINTS: Readonly<Record<string, RacedConstraint>> = {
  roles_name_uq: { detail: 'A role with this name already exists.', field: 'name' },
};
