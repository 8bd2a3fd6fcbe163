import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, tenantIndex, tenantPrimaryKey } from './tenant';
import { ownedKeyColumns } from './organizations';

/**
 * Services an organization sells. Prices are integer minor units in the
 * organization's currency (organizations.currency): exact, never a float.
 */
export const services = pgTable(
  'services',
  {
    ...ownedKeyColumns(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceMinor: integer('price_minor').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    durationMinutes: integer('duration_minutes'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    tenantPrimaryKey(t),
    // A name is unique in its organization whatever its case ("Speech therapy" = "speech therapy").
    uniqueIndex('services_name_uq').on(t.organizationId, sql`lower(${t.name})`),
    tenantIndex('services_price_idx', t, t.priceMinor),
  ],
);
