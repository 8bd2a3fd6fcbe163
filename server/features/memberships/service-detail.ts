import type { MembershipStatusFilter } from '../../../contract/memberships';
import { notFound } from '../../lib/app-error';
import { asUserId, type MembershipId } from '../../lib/ids';
import { memberProfile } from '../profile';
import { readPage } from '../../lib/pagination';
import type { RequestContext } from '../../lib/request-context';
import type { MembershipStatus } from './repository-admin';
import * as repo from './repository-detail';
import { presentDetail, presentMember } from './present';

const STATUSES: Record<MembershipStatusFilter, readonly MembershipStatus[]> = {
  current: ['active', 'resigning'],
  former: ['resigned', 'terminated'],
  all: ['active', 'resigning', 'resigned', 'terminated'],
  active: ['active'],
  resigning: ['resigning'],
  resigned: ['resigned'],
  terminated: ['terminated'],
};

/** The organization's therapists and staff, by name; current ones unless the filter says otherwise. */
export async function listMemberships(
  ctx: RequestContext,
  query: { page: number; page_size: number; status: MembershipStatusFilter; search?: string | undefined },
) {
  const filter = { statuses: STATUSES[query.status], search: query.search || undefined };
  return readPage(ctx.url, query, (w) => repo.selectMembers(ctx.tx, ctx.org.id, { ...filter, ...w }), presentMember);
}

/** One member as the organization sees them, former members included (their history stays). */
export async function membershipDetail(ctx: RequestContext, id: MembershipId) {
  const row = await repo.findMemberWithUser(ctx.tx, ctx.org.id, id);
  if (!row) {
    throw notFound('Membership');
  }
  // Therapist accounts keep a professional profile; an organization account on the staff has none.
  const profile = row.userType === 'THE' ? await memberProfile(ctx, asUserId(row.user.id)) : null;
  return presentDetail(row, await repo.memberFacts(ctx.tx, ctx.org.id, id), profile);
}
