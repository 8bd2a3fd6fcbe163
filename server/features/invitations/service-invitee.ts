/**
 * The invited therapist's side: their invitations from every organization, one by its link's token,
 * accepting and declining, and their own therapist code.
 *
 * - Only the invitee sees or answers an invitation: to anyone else its token answers "not found".
 *   The invitee is the user it was sent to, or (sent by e-mail before an account existed) the
 *   therapist whose account holds that address now.
 * - Accepting joins the organization in one transaction: the membership is created or a former
 *   one reactivated with the invited role, the therapist joins the invited departments' teams (those
 *   that still exist), and the organization's trail records each step as the therapist's doing.
 * - A token is single-use: once answered, the invitation refuses every further answer (409).
 */
import type { InvitationPreview, MyInvitation } from '../../../contract/invitations';
import { giveTherapistCode } from '../../db/therapist-codes';
import { AppError, notFound } from '../../lib/app-error';
import type { UserId } from '../../lib/ids';
import { pageOf } from '../../lib/pagination';
import { requestContext, type PublicContext, type RequestContext, type UserContext } from '../../lib/request-context';
import { joinTeam } from '../departments';
import { addMembership } from '../memberships';
import { invitationChange, presentMyInvitation, presentPreview, statusOf } from './present';
import * as repo from './repository';
import { invitationMoves } from './transitions';
import type { InvitationStatus } from '../../../contract/invitations';

/** The signed-in therapist, or undefined for anyone else (who has no invitations). */
async function therapistOf(ctx: UserContext): Promise<{ id: UserId; email: string; therapistCode: string | null } | undefined> {
  const user = await repo.findUserById(ctx.database.db, ctx.actor);
  return user?.userType === 'THE' ? user : undefined;
}

export async function listMyInvitations(ctx: UserContext, query: { page: number; page_size: number; status?: InvitationStatus }) {
  const now = new Date();
  const me = await therapistOf(ctx);
  const rows = me ? await repo.invitationsOfUser(ctx.database.db, me, { status: query.status, now }) : [];
  return pageOf(rows.map(presentMyInvitation(now)), ctx.url.split('?')[0]!, query.page, query.page_size);
}

/**
 * The link's page before sign-in: who invites to what, as what, and whether it is still open. A wrong
 * token is "not found" like any other; the route is rate-limited per address like sign-in, so tokens
 * cannot be guessed at speed (they are 32 random bytes besides).
 */
export async function previewInvitation(ctx: PublicContext, token: string): Promise<InvitationPreview> {
  const detail = await repo.invitationByToken(ctx.database.db, token);
  if (!detail) {
    throw notFound('Invitation');
  }
  const { email, userId } = detail.invitation;
  const hasAccount = userId !== null || (await repo.findUserByEmail(ctx.database.db, email)) !== undefined;
  return presentPreview(new Date(), detail, hasAccount);
}

async function requireMine(ctx: UserContext, token: string) {
  const me = await therapistOf(ctx);
  const detail = me && (await repo.invitationOfUser(ctx.database.db, me, token));
  if (!me || !detail) {
    throw notFound('Invitation');
  }
  return { me, detail };
}

export async function getMyInvitation(ctx: UserContext, token: string): Promise<MyInvitation> {
  return presentMyInvitation(new Date())((await requireMine(ctx, token)).detail);
}

/** The organization's context for the invitee's answer: no permissions, the trail names the therapist. */
function inviteeContext(ctx: UserContext, tx: RequestContext['tx'], organizationId: RequestContext['org']['id'], call: string) {
  return requestContext(tx, {
    access: { organizationId, isOwner: false, membershipId: null, permissions: new Set() },
    actor: ctx.actor,
    actingAs: ctx.actingAs,
    call,
    url: ctx.url,
  });
}

async function joinAsInvited(ctx: RequestContext, row: repo.InvitationRow, userId: UserId): Promise<void> {
  // A role deleted since the invitation was sent falls back to the built-in therapist role.
  const roleId = row.roleId && (await repo.findRoleId(ctx.tx, ctx.org.id, row.roleId));
  const membership = await addMembership(ctx, { userId, role: 'therapist', roleId: roleId ?? null });
  for (const departmentId of await repo.departmentIdsIn(ctx.tx, ctx.org.id, row.departmentIds)) {
    await joinTeam(ctx, departmentId, membership.id);
  }
}

async function answerAsInvitee(ctx: UserContext, token: string, move: 'accept' | 'reject'): Promise<MyInvitation> {
  const { me, detail } = await requireMine(ctx, token);
  const organizationId = detail.invitation.organizationId;
  await ctx.database.tenant(organizationId, async (tx) => {
    const orgCtx = inviteeContext(ctx, tx, organizationId, `invitations.${move}`);
    // Read again inside the transaction: of two answers racing, the second sees the first's status.
    const row = (await repo.findByToken(tx, organizationId, token, { forUpdate: true }))!;
    invitationMoves.check(statusOf(row, new Date()), move);
    if (move === 'accept') {
      await joinAsInvited(orgCtx, row, me.id);
    }
    const after = await repo.updateInvitation(tx, organizationId, row.id, {
      status: move === 'accept' ? 'accepted' : 'rejected',
      answeredAt: new Date(),
      userId: me.id,
    });
    await orgCtx.trail.record(invitationChange(row, after));
  });
  return getMyInvitation(ctx, token);
}

export const acceptInvitation = (ctx: UserContext, token: string) => answerAsInvitee(ctx, token, 'accept');
export const rejectInvitation = (ctx: UserContext, token: string) => answerAsInvitee(ctx, token, 'reject');

/** The therapist's code; one registered before codes existed and missed by the start-up backfill gets it now. */
export async function getMyTherapistCode(ctx: UserContext): Promise<{ therapist_code: string }> {
  const me = await therapistOf(ctx);
  if (!me) {
    throw new AppError('NOT_FOUND', 'Only therapist accounts have a therapist code.');
  }
  const code = me.therapistCode ?? (await giveTherapistCode(ctx.database.db, me.id));
  return { therapist_code: code! };
}
