import { asOrganizationId, asUserId, type OrganizationId, type UserId } from '../lib/ids';
import { RegisterBody } from '../../contract/accounts';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { hashToken } from '../lib/access';
import { systemUserContext, type UserContext } from '../lib/request-context';
import { logout, register } from '../features/accounts';

const NO_IP = { ip: '', userAgent: 'thera-seed' };

/**
 * Registers an account through the accounts service, as the app would, then ends the session that
 * registration signs in (a seed signs nobody in). The demo and the scale seed both make people so.
 * `ctx` then acts as that person in their own calls (a parent adding a child), naming the ended session.
 */
export async function registerAccount(
  deps: { database: Database; config: Config },
  input: Parameters<typeof RegisterBody.parse>[0],
): Promise<{ userId: UserId; organizationId: OrganizationId | null; ctx: UserContext }> {
  const ctx = systemUserContext(deps, { session: null, client: NO_IP });
  const state = await register(ctx, RegisterBody.parse(input));
  // The answer is the contract's (plain ids): name their kind once, here.
  const user = { ...state.user!, id: asUserId(state.user!.id) };
  const organizationId = state.active_organization_id;
  const session = { sessionId: hashToken(ctx.cookie.token!), user, locked: false, activeOrganizationId: null };
  const asPerson = systemUserContext(deps, { session, client: NO_IP });
  await logout(asPerson);
  return { userId: user.id, organizationId: organizationId ? asOrganizationId(organizationId) : null, ctx: asPerson };
}
