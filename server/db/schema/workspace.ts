import type { MembershipId, UserId } from '../../lib/ids';
import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantIndex, tenantKeyColumns, tenantPrimaryKey } from './tenant';

/** Workspace usage per membership: opened when a workspace opens, closed with notes. */
export const workspaceUsages = pgTable(
  'workspace_usages',
  {
    ...tenantKeyColumns(),
    membershipId: uuid('membership_id').$type<MembershipId>().notNull(),
    userId: uuid('user_id').$type<UserId>().notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    notes: text('notes').notNull().default(''),
  },
  (t) => [tenantPrimaryKey(t), tenantIndex('workspace_usages_user_idx', t, t.userId)],
);
