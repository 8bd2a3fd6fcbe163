import { myMemberships } from '../../../contract/memberships';
import { pageOf } from '../../lib/pagination';
import type { UserContext } from '../../lib/request-context';
import { membershipsOfUser } from './repository';
import { myMembership } from './present';

/** The signed-in user's own memberships in every organization; a user has a handful, paged here. */
export async function listMyMemberships(ctx: UserContext, query: { page: number; page_size: number }) {
  const rows = await membershipsOfUser(ctx.database.db, ctx.actor);
  return pageOf(rows.map(myMembership), myMemberships.path, query.page, query.page_size);
}
