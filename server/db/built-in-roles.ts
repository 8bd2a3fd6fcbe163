import { and, eq, sql } from 'drizzle-orm';
import { DEFAULT_KEYS_BY_KIND, type MemberKind, type PermissionKey } from '../../contract/permissions';
import { newId, type OrganizationId } from '../lib/ids';
import type { Db, Tx } from './handles';
import { rowsOf } from './handles';
import { roles } from './schema/organizations';

export type { MemberKind };

/**
 * What a member holds when no organization role is assigned, and the keys the built-in roles start
 * with (the owner can edit those). Each feature declares which member kinds hold its keys
 * (contract/permissions/); a therapist's keys reach only the students assigned to them
 * (server/lib/access/students.ts narrows them).
 */
export const DEFAULT_MEMBER_PERMISSIONS: Record<MemberKind, PermissionKey[]> = DEFAULT_KEYS_BY_KIND;

/** Every organization's built-in roles: the one a new member of each kind receives. */
export const BUILT_IN_ROLES: readonly { defaultFor: MemberKind; name: string }[] = [
  { defaultFor: 'therapist', name: 'Therapist' },
  { defaultFor: 'staff', name: 'Front desk' },
];

/**
 * Creates the organization's built-in roles (when the organization is created). Idempotent: a
 * built-in role already there (or a role of the same name) is left as it is.
 */
export async function insertBuiltInRoles(db: Db | Tx, organizationId: OrganizationId): Promise<void> {
  await db
    .insert(roles)
    .values(
      BUILT_IN_ROLES.map((role) => ({
        organizationId,
        id: newId(),
        name: role.name,
        permissionKeys: [...DEFAULT_MEMBER_PERMISSIONS[role.defaultFor]],
        defaultFor: role.defaultFor,
      })),
    )
    .onConflictDoNothing();
}

/** The built-in role a new member of this kind receives (undefined only for an organization not yet backfilled). */
export async function findBuiltInRole(tx: Tx, organizationId: OrganizationId, kind: MemberKind): Promise<{ id: string } | undefined> {
  const [row] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.organizationId, organizationId), eq(roles.defaultFor, kind)));
  return row;
}

/**
 * Organizations created before roles existed: each gets its built-in roles, and each membership
 * without a role gets the built-in role of its kind. Runs at start-up after the migrations (owner
 * connection), idempotent and cheap once done (both statements find nothing to do). Not recorded
 * in the audit trail: no person made this change.
 */
export async function backfillBuiltInRoles(db: Db): Promise<void> {
  for (const role of BUILT_IN_ROLES) {
    const missing = rowsOf<{ id: OrganizationId }>(
      await db.execute(sql`
        SELECT o.id FROM organizations o
        WHERE NOT EXISTS (SELECT 1 FROM roles r WHERE r.organization_id = o.id AND r.default_for = ${role.defaultFor})`),
    );
    if (missing.length > 0) {
      await db
        .insert(roles)
        .values(
          missing.map((org) => ({
            organizationId: org.id,
            id: newId(),
            name: role.name,
            permissionKeys: [...DEFAULT_MEMBER_PERMISSIONS[role.defaultFor]],
            defaultFor: role.defaultFor,
          })),
        )
        .onConflictDoNothing();
    }
  }
  await db.execute(sql`
    UPDATE memberships m SET role_id = r.id FROM roles r
    WHERE m.role_id IS NULL AND r.organization_id = m.organization_id AND r.default_for = m.role`);
}
