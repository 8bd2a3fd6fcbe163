/**
 * The organization's side of invitations: inviting a therapist (by their code or by e-mail), the
 * list, withdrawing and archiving. The invitee's side is service-invitee.ts.
 *
 * Rules:
 * - One open (pending, unexpired) invitation per person per organization: a second is a 409.
 * - A current member (active or resigning) and the owner cannot be invited: 409. A former member
 *   can: accepting reactivates their membership.
 * - An e-mail with no account yet is kept as an address; the therapist who later holds an account
 *   with it finds the invitation among theirs. An address of an account that is not a therapist's
 *   is refused.
 * - The role and departments must be this organization's (another's ids are "not found"); without a
 *   role the therapist receives the built-in therapist role when they accept.
 * - Sending writes the e-mail in the same transaction, so an invitation is never left unsent.
 */
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { ONE_WAY, type Invitation, type InviteBody, type list as listCall, type TherapistCard } from '../../../contract/invitations';
import { findBuiltInRole } from '../../db/built-in-roles';
import { AppError, notFound } from '../../lib/app-error';
import { asDepartmentId, type DepartmentId, newId, type UserId } from '../../lib/ids';
import { enqueueMail } from '../../lib/mail/outbox';
import { readPage } from '../../lib/pagination';
import type { RequestContext } from '../../lib/request-context';
import { findMembershipOfUser } from '../memberships';
import { invitationChange, presentInvitation, statusOf } from './present';
import * as repo from './repository';
import { invitationMoves } from './transitions';
import { invitationMail } from './service-mail';

/** How long an invitation stays open. */
export const INVITATION_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

const ownerRefused = () => new AppError('CONFLICT', 'The owner already runs this organization and cannot be invited.');

type Invitee = { userId: UserId | null; email: string };

async function inviteeOf(ctx: RequestContext, body: z.output<typeof InviteBody>): Promise<Invitee> {
  if ((body.therapist_code === undefined) === (body.email === undefined)) {
    throw new AppError('VALIDATION_FAILED', ONE_WAY, { therapist_code: [ONE_WAY] });
  }
  if (body.therapist_code !== undefined) {
    const user = await repo.findTherapistByCode(ctx.tx, body.therapist_code);
    if (!user) {
      throw new AppError('NOT_FOUND', 'No therapist has this code. Check it with the therapist.');
    }
    return { userId: user.id, email: user.email };
  }
  const email = body.email!.trim().toLowerCase();
  const user = await repo.findUserByEmail(ctx.tx, email);
  if (user && user.id === (await repo.findOwnerUserId(ctx.tx, ctx.org.id))) {
    throw ownerRefused();
  }
  if (user && user.userType !== 'THE') {
    const sentence = 'This e-mail address belongs to an account that is not a therapist’s.';
    throw new AppError('VALIDATION_FAILED', sentence, { email: [sentence] });
  }
  return { userId: user?.id ?? null, email: user?.email ?? email };
}

async function refuseMembers(ctx: RequestContext, invitee: Invitee, now: Date): Promise<void> {
  if (invitee.userId) {
    if (invitee.userId === (await repo.findOwnerUserId(ctx.tx, ctx.org.id))) {
      throw ownerRefused();
    }
    const membership = await findMembershipOfUser(ctx, invitee.userId);
    if (membership && (membership.status === 'active' || membership.status === 'resigning')) {
      throw new AppError('CONFLICT', 'This therapist is already a member of the organization.');
    }
  }
  await repo.lockInvitee(ctx.tx, ctx.org.id, invitee.email);
  if (await repo.findOpenInvitation(ctx.tx, ctx.org.id, invitee, now)) {
    throw new AppError('CONFLICT', 'This therapist is already invited and has not answered yet.');
  }
}

async function roleIdOf(ctx: RequestContext, roleId: string | undefined): Promise<string | null> {
  if (roleId === undefined) {
    return (await findBuiltInRole(ctx.tx, ctx.org.id, 'therapist'))?.id ?? null;
  }
  if (!(await repo.findRoleId(ctx.tx, ctx.org.id, roleId))) {
    throw notFound('Role');
  }
  return roleId;
}

async function departmentIdsOf(ctx: RequestContext, ids: string[]): Promise<DepartmentId[]> {
  const wanted = [...new Set(ids.map(asDepartmentId))];
  const found = await repo.departmentIdsIn(ctx.tx, ctx.org.id, wanted);
  if (found.length !== wanted.length) {
    throw notFound('Department');
  }
  return wanted;
}

export async function invite(ctx: RequestContext, body: z.output<typeof InviteBody>, links: { publicOrigin: string }): Promise<Invitation> {
  const organization = await repo.findOrganizationName(ctx.tx, ctx.org.id);
  if (organization.code.toUpperCase() !== body.organization_code.toUpperCase()) {
    // The code must name the organization the call acts in; any other is not found, never forbidden.
    throw notFound('Organization');
  }
  const now = new Date();
  const invitee = await inviteeOf(ctx, body);
  await refuseMembers(ctx, invitee, now);
  const roleId = await roleIdOf(ctx, body.role_id);
  const departmentIds = await departmentIdsOf(ctx, body.department_ids);
  const created = await repo.insertInvitation(ctx.tx, ctx.org.id, {
    id: newId(),
    token: randomBytes(32).toString('base64url'),
    userId: invitee.userId,
    email: invitee.email,
    roleId,
    departmentIds,
    message: body.message,
    invitedBy: ctx.actor,
    expiresAt: new Date(now.getTime() + INVITATION_DAYS * DAY_MS),
  });
  await ctx.trail.record(invitationChange(null, created));
  const detail = (await repo.findDetail(ctx.tx, ctx.org.id, created.id))!;
  await enqueueMail(ctx.tx, invitationMail(detail, organization.name, links.publicOrigin));
  return presentInvitation(now)(detail);
}

export async function listInvitations(ctx: RequestContext, query: z.output<typeof listCall.query>) {
  const now = new Date();
  const filter = { status: query.status, archived: query.archived, now };
  return readPage(ctx.url, query, (window) => repo.pageInvitations(ctx.tx, ctx.org.id, filter, window), presentInvitation(now));
}

async function requireInvitation(ctx: RequestContext, token: string): Promise<repo.InvitationRow> {
  const row = await repo.findByToken(ctx.tx, ctx.org.id, token);
  if (!row) {
    throw notFound('Invitation');
  }
  return row;
}

async function answer(ctx: RequestContext, before: repo.InvitationRow, patch: Parameters<typeof repo.updateInvitation>[3]) {
  const after = await repo.updateInvitation(ctx.tx, ctx.org.id, before.id, patch);
  await ctx.trail.record(invitationChange(before, after));
  return presentInvitation(new Date())((await repo.findDetail(ctx.tx, ctx.org.id, after.id))!);
}

export async function cancelInvitation(ctx: RequestContext, token: string) {
  const row = await requireInvitation(ctx, token);
  invitationMoves.check(statusOf(row, new Date()), 'cancel');
  return answer(ctx, row, { status: 'cancelled', answeredAt: new Date() });
}

export async function archiveInvitation(ctx: RequestContext, token: string, isArchived: boolean) {
  const row = await requireInvitation(ctx, token);
  invitationMoves.check(statusOf(row, new Date()), 'archive');
  return answer(ctx, row, { isArchived });
}

/** The name behind a therapist code, nothing more: the inviter checks they have the right person. */
export async function lookupTherapist(ctx: RequestContext, therapistCode: string): Promise<TherapistCard> {
  const user = await repo.findTherapistByCode(ctx.tx, therapistCode);
  if (!user) {
    throw new AppError('NOT_FOUND', 'No therapist has this code. Check it with the therapist.');
  }
  return { therapist_code: user.therapistCode!, first_name: user.firstName, last_name: user.lastName };
}
