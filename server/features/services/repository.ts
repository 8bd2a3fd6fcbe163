import type { OrganizationId } from '../../lib/ids';
import { and, asc, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/handles';
import { listTotal, type Window } from '../../lib/pagination';
import { collectionWhere, type CollectionFilter } from '../../lib/collection';
import { nameAndCreatedOrder, tenantRows } from '../../lib/tenant-rows';
import { services } from '../../db/schema/services';
import { organizations } from '../../db/schema/organizations';
import { therasessions } from '../../db/schema/scheduling';
import type { ServiceOrdering } from '../../../contract/services';

// Every function takes the organization first and runs inside a tenant transaction it is given;
// the explicit organization filter sits on top of row-level security.

export type ServiceRow = typeof services.$inferSelect;
export type ServiceFields = Pick<ServiceRow, 'name' | 'description' | 'priceMinor' | 'isActive' | 'durationMinutes'>;

export const serviceRows = tenantRows(services, { name: services.name });

/** Search matches the name or the description. */
const serviceWhere = collectionWhere(services, { searched: [services.name, services.description], active: services.isActive });

const ORDER: Record<ServiceOrdering, SQL[]> = {
  ...nameAndCreatedOrder(services),
  price: [asc(services.priceMinor), sql`lower(${services.name}) ASC`, asc(services.id)],
  '-price': [desc(services.priceMinor), sql`lower(${services.name}) ASC`, asc(services.id)],
};

/** A page of services with the total that match, in one query and a stable order (the id breaks ties). */
export async function pageServices(
  tx: Tx,
  organizationId: OrganizationId,
  filter: CollectionFilter,
  ordering: ServiceOrdering,
  window: Window,
) {
  return tx
    .select({ ...getTableColumns(services), total: listTotal() })
    .from(services)
    .where(serviceWhere(organizationId, filter))
    .orderBy(...ORDER[ordering])
    .limit(window.limit)
    .offset(window.offset);
}

/**
 * The list's stats over the whole catalogue and the organization's currency, in one query: one row
 * for the organization, its services joined (none: zeros and null prices).
 */
export async function selectServiceStats(tx: Tx, organizationId: OrganizationId) {
  const [row] = await tx
    .select({
      currency: organizations.currency,
      countAll: sql<number>`count(${services.id})::int`,
      countActive: sql<number>`count(${services.id}) FILTER (WHERE ${services.isActive})::int`,
      countInactive: sql<number>`count(${services.id}) FILTER (WHERE NOT ${services.isActive})::int`,
      minPrice: sql<number | null>`min(${services.priceMinor})`,
      maxPrice: sql<number | null>`max(${services.priceMinor})`,
    })
    .from(organizations)
    .leftJoin(services, eq(services.organizationId, organizations.id))
    .where(eq(organizations.id, organizationId))
    .groupBy(organizations.id, organizations.currency);
  if (!row) {
    throw new Error('The organization of a tenant transaction is not visible');
  }
  return row;
}

export async function selectCurrency(tx: Tx, organizationId: OrganizationId): Promise<string> {
  const [row] = await tx.select({ currency: organizations.currency }).from(organizations).where(eq(organizations.id, organizationId));
  if (!row) {
    throw new Error('The organization of a tenant transaction is not visible');
  }
  return row.currency;
}

/** The ids among these that sessions use (a service in use is kept: the sessions name it). */
export async function servicesInUse(tx: Tx, organizationId: OrganizationId, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) {
    return new Set();
  }
  const rows = await tx
    .selectDistinct({ id: therasessions.serviceId })
    .from(therasessions)
    .where(and(eq(therasessions.organizationId, organizationId), inArray(therasessions.serviceId, ids)));
  return new Set(rows.flatMap((row) => (row.id ? [row.id] : [])));
}
