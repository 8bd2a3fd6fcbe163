import { asOrganizationId, asUserId, type OrganizationId, type UserId } from '../lib/ids';
import { RegisterBody } from '../../contract/accounts';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { hashToken } from '../plugins/auth';
import { logout, register } from '../features/accounts/service';

const NO_IP = { ip: '', userAgent: 'thera-seed' };

/**
 * Registers an account through the accounts service, as the app would, then ends the session that
 * registration signs in (a seed signs nobody in). The demo and the scale seed both make people so.
 */
export async function registerAccount(
  deps: { database: Database; config: Config },
  input: Parameters<typeof RegisterBody.parse>[0],
): Promise<{ userId: UserId; organizationId: OrganizationId | null }> {
  const issued = await register(deps, RegisterBody.parse(input), NO_IP);
  // The answer is the contract's (plain ids): name their kind once, here.
  const user = { ...issued.state.user!, id: asUserId(issued.state.user!.id) };
  const organizationId = issued.state.active_organization_id;
  await logout(deps, { sessionId: hashToken(issued.token), user, locked: false, activeOrganizationId: null }, NO_IP);
  return { userId: user.id, organizationId: organizationId ? asOrganizationId(organizationId) : null };
}
