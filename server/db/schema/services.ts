import type { OrganizationId } from '../../lib/ids';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

/**
 * Services an organization sells. Prices are integer minor units in the
 * organization's currency (organizations.currency): exact, never a float.
 */
export const services = pgTable(
  'services',
  {
    organizationId: uuid('organization_id')
      .$type<OrganizationId>()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceMinor: integer('price_minor').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    durationMinutes: integer('duration_minutes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    // A name is unique in its organization whatever its case ("Speech therapy" = "speech therapy").
    uniqueIndex('services_name_uq').on(t.organizationId, sql`lower(${t.name})`),
    index('services_price_idx').on(t.organizationId, t.priceMinor),
  ],
);
