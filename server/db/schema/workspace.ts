import type { OrganizationId, UserId } from '../../lib/ids';
import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Workspace usage per membership: opened when a workspace opens, closed with notes. */
export const workspaceUsages = pgTable(
  'workspace_usages',
  {
    organizationId: uuid('organization_id').$type<OrganizationId>().notNull(),
    id: uuid('id').notNull(),
    membershipId: uuid('membership_id').notNull(),
    userId: uuid('user_id').$type<UserId>().notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    notes: text('notes').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.id] }), index('workspace_usages_user_idx').on(t.organizationId, t.userId)],
);
