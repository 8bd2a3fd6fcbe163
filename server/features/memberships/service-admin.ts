/**
 * Adding people to an organization directly (the organization's side of memberships). The
 * invitation flow (invite → accept) is the usual way in; this is the administrative shortcut the
 * demo seed and organization administrators use, and what an accepted invitation ends in.
 *
 * Rules:
 * - A therapist membership is for a THE user; a staff membership for a THE or ORG user.
 * - The organization's owner is not a member of their own organization (they hold every
 *   permission already): 409.
 * - A user is a member of an organization once. Adding an active or resigning member again is a
 *   409; adding a former (terminated or resigned) member reactivates that membership, so its
 *   history (department teams, sessions) stays attached to one id.
 * - An organization role (roleId) given must be one of this organization's roles; without one the
 *   member receives the built-in role of their kind ("Therapist" or "Front desk"), so editing that
 *   role changes what every such member may do.
 * - Another organization's role ids are "not found"; users are global and found by id.
 * - Nothing here writes the organization's trail: a membership's trail starts with what its
 *   administrators change later (its role), and an organization's with its first admin call.
 */
import { AppError, notFound } from '../../lib/app-error';
import { newId, type UserId } from '../../lib/ids';
import type { RequestContext } from '../../lib/request-context';
import { findBuiltInRole } from '../../db/built-in-roles';
import * as repo from './repository-admin';

/** A membership row (its id a MembershipId, as the schema types it): it is handed to other features (people, scheduling, roles). */
export type Membership = repo.MembershipRow;
export type MembershipRole = repo.MembershipRole;
export type MembershipWithUser = Awaited<ReturnType<typeof repo.selectMemberships>>[number];

export async function addMembership(
  ctx: RequestContext,
  input: { userId: UserId; role: MembershipRole; roleId?: string | null },
): Promise<Membership> {
  const { tx } = ctx;
  const organizationId = ctx.org.id;
  const user = await repo.findUser(tx, input.userId);
  if (!user) {
    throw notFound('User');
  }
  const allowed = input.role === 'therapist' ? user.userType === 'THE' : user.userType === 'THE' || user.userType === 'ORG';
  if (!allowed) {
    throw new AppError(
      'VALIDATION_FAILED',
      input.role === 'therapist'
        ? 'Only a therapist account can join as a therapist.'
        : 'Only a therapist or organization account can join as staff.',
      { user_id: ['This account cannot hold this membership.'] },
    );
  }
  if ((await repo.findOwnerUserId(tx, organizationId)) === input.userId) {
    throw new AppError('CONFLICT', 'The owner already runs this organization.');
  }
  if (input.roleId && !(await repo.findRole(tx, organizationId, input.roleId))) {
    throw notFound('Role');
  }
  const roleId = input.roleId ?? (await findBuiltInRole(tx, organizationId, input.role))?.id ?? null;
  const existing = await repo.findMembershipOfUser(tx, organizationId, input.userId);
  if (existing) {
    if (existing.status === 'active' || existing.status === 'resigning') {
      throw new AppError('CONFLICT', 'This person is already a member of the organization.');
    }
    return (await repo.reactivateMembership(tx, organizationId, existing.id, { role: input.role, roleId }))!;
  }
  const created = await repo.insertMembership(tx, organizationId, {
    id: newId(),
    userId: input.userId,
    role: input.role,
    roleId,
  });
  if (!created) {
    // Added concurrently between the check and the insert.
    throw new AppError('CONFLICT', 'This person is already a member of the organization.');
  }
  return created;
}

export async function findMembershipOfUser(ctx: RequestContext, userId: UserId): Promise<Membership | undefined> {
  return repo.findMembershipOfUser(ctx.tx, ctx.org.id, userId);
}

export async function listMemberships(
  ctx: RequestContext,
  filter: { role?: MembershipRole; status?: Membership['status'] } = {},
): Promise<MembershipWithUser[]> {
  return repo.selectMemberships(ctx.tx, ctx.org.id, filter);
}
