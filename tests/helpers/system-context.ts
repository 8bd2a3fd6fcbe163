import { eq } from 'drizzle-orm';
import type { Database } from '../../server/db/client';
import { organizations } from '../../server/db/schema/organizations';
import type { OrganizationId } from '../../server/lib/ids';
import { systemContext, type RequestContext } from '../../server/lib/request-context';

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
