import { eq } from 'drizzle-orm';
import type { Database } from '../../server/db/client';
import { organizations } from '../../server/db/schema/organizations';
import type { Config } from '../../server/config';
import { users } from '../../server/db/schema/accounts';
import type { OrganizationId, UserId } from '../../server/lib/ids';
import { systemContext, systemUserContext, type RequestContext, type UserContext } from '../../server/lib/request-context';

/**
 * Runs `fn` in one tenant transaction of the organization with a system context acting as its
 * owner (what the demo seed does), so a test can call a service that takes the context first.
 * Its trail rows name `call`.
 */
export function asOwner<T>(
  database: Pick<Database, 'tenant'>,
  organizationId: OrganizationId,
  fn: (ctx: RequestContext) => Promise<T>,
  call = 'tests.fixture',
): Promise<T> {
  return database.tenant(organizationId, async (tx) => {
    const [organization] = await tx
      .select({ ownerUserId: organizations.ownerUserId })
      .from(organizations)
      .where(eq(organizations.id, organizationId));
    if (!organization) {
      throw new Error('The organization of a tenant transaction is not visible');
    }
    return fn(systemContext(tx, { organizationId, actor: organization.ownerUserId, call }));
  });
}

/**
 * A user-level context acting as the user (what the seed does for a parent): their own calls
 * (children, a parent's enrollments) take it. No sign-in session stands behind it.
 */
export async function asUser(deps: { database: Database; config: Config }, userId: UserId): Promise<UserContext> {
  const [row] = await deps.database.db.select().from(users).where(eq(users.id, userId));
  if (!row) {
    throw new Error('No such user');
  }
  const user = {
    id: row.id,
    email: row.email,
    user_type: row.userType,
    first_name: row.firstName,
    last_name: row.lastName,
    phone_number: row.phoneNumber,
    current_usage: null,
  };
  const session = { sessionId: '', user, locked: false, activeOrganizationId: null };
  return systemUserContext(deps, { session, client: { ip: '127.0.0.1', userAgent: 'tests' } });
}
