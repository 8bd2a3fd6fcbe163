/**
 * Organization roles with permission keys: what a member may see and do.
 *
 * A membership holds one role; the role's keys are what the member may do (authorize() checks the
 * key each call declares, server/lib/access/authorize.ts). The owner holds every key and needs no role.
 *
 * Rules (decided here):
 * - Names are trimmed, required and unique in the organization regardless of case: 409 with a
 *   field error on `name`.
 * - Keys must be known keys (the contract refuses others: 400 field error). They are stored without
 *   duplicates, in the order of PERMISSION_KEYS, and a manage key brings its view key with it
 *   (`services.manage` without `services.view` would open a form for a list the member cannot see).
 * - Every organization has two built-in roles, "Therapist" and "Front desk" (default_for therapist
 *   / staff, keys from DEFAULT_MEMBER_PERMISSIONS): created with the organization, backfilled at
 *   start-up for older ones (server/db/built-in-roles.ts). A new member receives the built-in role
 *   of their kind, so editing "Therapist" changes what every therapist may do. Built-in roles can
 *   be renamed and their keys changed, but not deleted (409).
 * - A role in use (held by an active or resigning member) cannot be deleted: 409 naming how many
 *   members hold it. Ended memberships (terminated, resigned) that still name the role are moved to
 *   the built-in role of their kind in the same transaction, so a reactivated member never points
 *   at a role that is gone.
 * - All role calls (list included) take `roles.manage`: the roles screen is one owner-grade screen,
 *   and giving someone a role is the same power as editing one. Front-desk staff see who is on the
 *   team through the members calls (members.view), not the roles screen.
 * - No one grants more than they hold: a member who is not the owner may add to a role only keys
 *   they hold themselves, and give a member only a role whose keys they all hold (400 with a field
 *   error naming the keys). Otherwise `roles.manage` alone would be every key. Removing keys and
 *   renaming are not limited.
 * - Giving a role: `PATCH T/organization/{orgCode}/memberships/{id}/role/ {role_id}`. Only active or
 *   resigning memberships (an ended one: 409). A membership or role of another organization: 404.
 * - Every change is recorded in the audit trail in the same transaction: entity `role` (name,
 *   permission_keys, default_for) and `membership` (role_id, role name).
 */
import type { z } from 'zod';
import { PERMISSION_KEYS, type PermissionKey } from '../../../contract/http';
import type { CreateRoleBody, UpdateRoleBody } from '../../../contract/roles';
import { findBuiltInRole } from '../../db/built-in-roles';
import { AppError, notFound } from '../../lib/app-error';
import type { AuditTrail } from '../../lib/audit-trail';
import { type MembershipId, newId } from '../../lib/ids';
import { pageAnswer, pageRequestOf, windowOf } from '../../lib/pagination';
import type { RequestContext } from '../../lib/request-context';
import type { OrgAccess } from '../../lib/access';
import * as repo from './repository';
import { audited, present } from './present';

const nameTaken = () =>
  new AppError('CONFLICT', 'A role with this name already exists.', { name: ['A role with this name already exists.'] });

/** Known keys, without duplicates, in PERMISSION_KEYS order, each manage key with its view key. */
export function normalizeKeys(keys: readonly string[]): PermissionKey[] {
  const held = new Set(keys);
  for (const key of keys) {
    const view = key.replace(/\.manage$/, '.view');
    if (view !== key && (PERMISSION_KEYS as readonly string[]).includes(view)) {
      held.add(view);
    }
  }
  return PERMISSION_KEYS.filter((key) => held.has(key));
}

/** Keys among `keys` the caller does not hold (none for the owner). */
function notHeld(org: OrgAccess, keys: readonly string[]): string[] {
  return org.isOwner ? [] : keys.filter((key) => !org.permissions.has(key as PermissionKey));
}

export async function listRoles(ctx: RequestContext, query: { page: number; page_size: number }) {
  const { count, results } = await repo.selectRoles(ctx.tx, ctx.org.id, windowOf(pageRequestOf(query)));
  return pageAnswer(ctx.url, query, { count, rows: results }, (r) => present({ ...r.role, membersCount: r.membersCount }));
}

export async function createRole(ctx: RequestContext, input: z.output<typeof CreateRoleBody>) {
  const { tx, trail } = ctx;
  const org = ctx.org.access;
  const permissionKeys = normalizeKeys(input.permission_keys);
  refuseUnheld(notHeld(org, permissionKeys));
  if (await repo.findRoleByName(tx, org.organizationId, input.name)) {
    throw nameTaken();
  }
  const created = await repo.roleRows.insertOnce(tx, org.organizationId, { id: newId(), name: input.name, permissionKeys });
  if (!created) {
    throw nameTaken(); // created concurrently between the check and the insert
  }
  await trail.record({ action: 'create', entity: 'role', entityId: created.id, after: audited(created) });
  return present({ ...created, membersCount: 0 });
}

export async function updateRole(ctx: RequestContext, roleId: string, input: z.output<typeof UpdateRoleBody>) {
  const { tx, trail } = ctx;
  const org = ctx.org.access;
  const before = await repo.findRole(tx, org.organizationId, roleId);
  if (!before) {
    throw notFound('Role');
  }
  const patch: { name?: string; permissionKeys?: string[] } = {};
  if (input.permission_keys !== undefined) {
    patch.permissionKeys = normalizeKeys(input.permission_keys);
    refuseUnheld(
      notHeld(
        org,
        patch.permissionKeys.filter((key) => !before.permissionKeys.includes(key)),
      ),
    );
  }
  if (input.name !== undefined && input.name !== before.name) {
    if (await repo.findRoleByName(tx, org.organizationId, input.name, roleId)) {
      throw nameTaken();
    }
    patch.name = input.name;
  }
  if (Object.keys(patch).length === 0) {
    return present(before);
  }
  const after = await repo.roleRows.update(tx, org.organizationId, roleId, patch);
  if (!after) {
    throw notFound('Role');
  }
  await trail.record({ action: 'update', entity: 'role', entityId: roleId, before: audited(before), after: audited(after) });
  return present({ ...after, membersCount: before.membersCount });
}

export async function deleteRole(ctx: RequestContext, roleId: string) {
  const { tx, trail } = ctx;
  const org = ctx.org.access;
  // Locked first, counted after: an assignment committed meanwhile is counted (repository lockRole).
  const role = (await repo.lockRole(tx, org.organizationId, roleId, 'update'))
    ? await repo.findRole(tx, org.organizationId, roleId)
    : undefined;
  if (!role) {
    throw notFound('Role');
  }
  if (role.defaultFor !== null) {
    throw new AppError('CONFLICT', `"${role.name}" is a built-in role: it cannot be deleted, but its name and keys can be changed.`);
  }
  if (role.membersCount > 0) {
    const members = role.membersCount === 1 ? '1 member holds' : `${role.membersCount} members hold`;
    throw new AppError('CONFLICT', `This role is in use: ${members} it. Give them another role first.`);
  }
  // Ended memberships naming the role move to their kind's built-in role (a reactivation then starts there).
  const ended = await repo.selectEndedHolders(tx, org.organizationId, roleId);
  const moved: Parameters<AuditTrail['recordAll']>[0] = [];
  for (const kind of ['therapist', 'staff'] as const) {
    const ids = ended.filter((m) => m.role === kind).map((m) => m.id);
    if (ids.length === 0) {
      continue;
    }
    const builtIn = await findBuiltInRole(tx, org.organizationId, kind);
    await repo.setMembershipsRole(tx, org.organizationId, ids, builtIn?.id ?? null);
    moved.push(
      ...ids.map((id) => ({
        action: 'update' as const,
        entity: 'membership' as const,
        entityId: id,
        before: { role_id: roleId },
        after: { role_id: builtIn?.id ?? null },
      })),
    );
  }
  await repo.roleRows.deleteById(tx, org.organizationId, roleId);
  await trail.recordAll([...moved, { action: 'delete', entity: 'role', entityId: roleId, before: audited(role) }]);
  return { ok: true as const };
}

export async function assignMembershipRole(ctx: RequestContext, membershipId: MembershipId, roleId: string) {
  const { tx, trail } = ctx;
  const org = ctx.org.access;
  const membership = await repo.membershipRows.byId(tx, org.organizationId, membershipId);
  if (!membership) {
    throw notFound('Membership');
  }
  const role = (await repo.lockRole(tx, org.organizationId, roleId, 'share'))
    ? await repo.findRole(tx, org.organizationId, roleId)
    : undefined;
  if (!role) {
    throw notFound('Role');
  }
  if (!repo.isHolding(membership.status)) {
    throw new AppError('CONFLICT', 'This membership has ended: it cannot be given a role.');
  }
  const missing = notHeld(org, role.permissionKeys);
  if (missing.length > 0) {
    const message = `You can give only a role whose keys you hold yourself; you do not hold ${missing.join(', ')}.`;
    throw new AppError('VALIDATION_FAILED', message, { role_id: [message] });
  }
  if (membership.roleId !== roleId) {
    const previous = membership.roleId ? await repo.findRole(tx, org.organizationId, membership.roleId) : undefined;
    await repo.setMembershipsRole(tx, org.organizationId, [membershipId], roleId);
    await trail.record({
      action: 'update',
      entity: 'membership',
      entityId: membershipId,
      before: { role_id: membership.roleId, role: previous?.name ?? null },
      after: { role_id: roleId, role: role.name },
    });
  }
  const { id, name, permission_keys, default_for } = present(role);
  return { id: membership.id, kind: membership.role, status: membership.status, role: { id, name, permission_keys, default_for } };
}

function refuseUnheld(missing: string[]) {
  if (missing.length > 0) {
    const message = `You can grant only keys you hold yourself; you do not hold ${missing.join(', ')}.`;
    throw new AppError('VALIDATION_FAILED', message, { permission_keys: [message] });
  }
}
