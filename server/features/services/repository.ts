import type { OrganizationId } from '../../lib/ids';
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/handles';
import { containing } from '../../lib/pagination';
import { tenantRows } from '../../lib/tenant-rows';
import { services } from '../../db/schema/services';
import { organizations } from '../../db/schema/organizations';
import { therasessions } from '../../db/schema/scheduling';
import type { ServiceOrdering } from '../../../contract/services';

// Every function takes the organization first and runs inside a tenant transaction it is given;
// the explicit organization filter sits on top of row-level security.

export type ServiceRow = typeof services.$inferSelect;
export type ServiceFields = Pick<ServiceRow, 'name' | 'description' | 'priceMinor' | 'isActive' | 'durationMinutes'>;

export const serviceRows = tenantRows(services, { name: services.name });

export interface ServiceFilter {
  search?: string;
  isActive?: boolean;
}

function filterOf(organizationId: OrganizationId, filter: ServiceFilter): SQL | undefined {
  const pattern = containing(filter.search);
  return and(
    eq(services.organizationId, organizationId),
    filter.isActive === undefined ? undefined : eq(services.isActive, filter.isActive),
    pattern ? or(ilike(services.name, pattern), ilike(services.description, pattern)) : undefined,
  );
}

const ORDER: Record<ServiceOrdering, SQL[]> = {
  name: [asc(sql`lower(${services.name})`)],
  '-name': [desc(sql`lower(${services.name})`)],
  price: [asc(services.priceMinor), asc(sql`lower(${services.name})`)],
  '-price': [desc(services.priceMinor), asc(sql`lower(${services.name})`)],
  created_at: [asc(services.createdAt)],
  '-created_at': [desc(services.createdAt)],
};

/** One page, in a stable order (the id breaks ties, so pages never repeat or skip a row). */
export async function selectServicePage(
  tx: Tx,
  organizationId: OrganizationId,
  filter: ServiceFilter,
  ordering: ServiceOrdering,
  page: { limit: number; offset: number },
): Promise<ServiceRow[]> {
  return tx
    .select()
    .from(services)
    .where(filterOf(organizationId, filter))
    .orderBy(...ORDER[ordering], asc(services.id))
    .limit(page.limit)
    .offset(page.offset);
}

export interface ServiceStats {
  currency: string;
  count: number;
  countAll: number;
  countActive: number;
  countInactive: number;
  minPrice: number | null;
  maxPrice: number | null;
}

/**
 * The list's stats, the filtered count and the organization's currency in one query: one row
 * for the organization, its services joined (none: zeros and null prices).
 */
export async function selectServiceStats(tx: Tx, organizationId: OrganizationId, filter: ServiceFilter): Promise<ServiceStats> {
  const matches = filterOf(organizationId, filter) ?? sql`true`;
  const [row] = await tx
    .select({
      currency: organizations.currency,
      count: sql<number>`count(${services.id}) FILTER (WHERE ${matches})::int`,
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
