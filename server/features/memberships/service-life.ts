/**
 * A membership's life (transitions.ts): the member resigns or withdraws their resignation (their
 * own call, from any organization they belong to); the organization accepts a resignation or
 * terminates (members.manage). Every move is written to the organization's audit trail in the
 * move's transaction, by whoever made it.
 *
 * Ending (resignation accepted, termination) takes effect at once: access counts only active and
 * resigning memberships (server/lib/access/authorize.ts), so the former member's next call to the
 * organization answers 404 whatever organization their sign-in had active. A workspace they left
 * open is closed at the end. Their sessions stay as they are, future ones included: moving a
 * session to another therapist is a scheduling decision, and the member detail counts the
 * upcoming ones so the organization sees what needs a new therapist. Their department teams and
 * student assignments stay too, as the history of who worked with whom.
 */
import type { MyMembership } from '../../../contract/memberships';
import { memberships as route } from '../../../contract/routes';
import { AppError, notFound } from '../../lib/app-error';
import { auditTrailFor, type AuditTrail } from '../../lib/audit-trail';
import type { MembershipId, OrganizationId } from '../../lib/ids';
import type { RequestContext, UserContext } from '../../lib/request-context';
import type { Tx } from '../../db/handles';
import type { MembershipRow } from './repository-admin';
import * as repo from './repository-life';
import { membershipTrailFields, myMembership, presentMember } from './present';
import { findMemberWithUser } from './repository-detail';
import { membershipMoves } from './transitions';

type Move = keyof typeof membershipMoves.moves;
type Patch = Pick<MembershipRow, 'status' | 'statusReason' | 'statusChangedAt' | 'endedAt'>;

/** What each move writes; a resignation's reason stays with the membership once it is accepted. */
const PATCHES: Record<Move, (row: MembershipRow, reason: string, now: Date) => Patch> = {
  resign: (_row, reason, now) => ({ status: 'resigning', statusReason: reason, statusChangedAt: now, endedAt: null }),
  cancelResignation: (_row, _reason, now) => ({ status: 'active', statusReason: '', statusChangedAt: now, endedAt: null }),
  acceptResignation: (row, _reason, now) => ({ status: 'resigned', statusReason: row.statusReason, statusChangedAt: now, endedAt: now }),
  terminate: (_row, reason, now) => ({ status: 'terminated', statusReason: reason, statusChangedAt: now, endedAt: now }),
};

interface Where {
  tx: Tx;
  trail: AuditTrail;
  organizationId: OrganizationId;
}

async function applyMove(where: Where, id: MembershipId, move: Move, reason = ''): Promise<MembershipRow> {
  const { tx, trail, organizationId } = where;
  const row = await repo.lockMembership(tx, organizationId, id);
  if (!row) {
    throw notFound('Membership');
  }
  membershipMoves.check(row.status, move);
  const updated = await repo.setStatus(tx, organizationId, row.id, PATCHES[move](row, reason, new Date()));
  await trail.record({
    action: 'update',
    entity: 'membership',
    entityId: row.id,
    before: membershipTrailFields(row),
    after: membershipTrailFields(updated),
  });
  if (updated.endedAt) {
    const closed = await repo.closeOpenUsages(tx, organizationId, row.id, updated.endedAt);
    await trail.recordAll(
      closed.map((usage) => ({
        action: 'update' as const,
        entity: 'workspace_usage',
        entityId: usage.id,
        scope: { membership: row.id },
        before: { closed_at: null },
        after: { closed_at: updated.endedAt },
      })),
    );
  }
  return updated;
}

async function organizationMove(ctx: RequestContext, id: MembershipId, move: Move, reason?: string) {
  const { tx, trail } = ctx;
  if (ctx.org.access.membershipId === id) {
    // Ending one's own membership is a resignation, which the organization then accepts.
    throw new AppError('CONFLICT', 'You cannot end your own membership here: resign from My organizations instead.');
  }
  await applyMove({ tx, trail, organizationId: ctx.org.id }, id, move, reason);
  return presentMember((await findMemberWithUser(tx, ctx.org.id, id))!);
}

export const terminateMembership = (ctx: RequestContext, id: MembershipId, body: { reason: string }) =>
  organizationMove(ctx, id, 'terminate', body.reason);

export const acceptResignation = (ctx: RequestContext, id: MembershipId) => organizationMove(ctx, id, 'acceptResignation');

/** The member's own move: their membership in whichever organization it is (someone else's: 404). */
async function ownMove(ctx: UserContext, id: MembershipId, move: 'resign' | 'cancelResignation', reason?: string): Promise<MyMembership> {
  const found = await repo.membershipOfUser(ctx.database.db, ctx.actor, id);
  if (!found) {
    throw notFound('Membership');
  }
  const organizationId = found.organization.id;
  const call = `${route[move].feature}.${route[move].name}`;
  const membership = await ctx.database.tenant(organizationId, (tx) => {
    const trail = auditTrailFor(tx, { organizationId, userId: ctx.actor, actingAsUserId: ctx.actingAs, call });
    return applyMove({ tx, trail, organizationId }, id, move, reason);
  });
  return myMembership({ membership, organization: found.organization });
}

export const resign = (ctx: UserContext, id: MembershipId, body: { reason: string }) => ownMove(ctx, id, 'resign', body.reason);

export const cancelResignation = (ctx: UserContext, id: MembershipId) => ownMove(ctx, id, 'cancelResignation');
