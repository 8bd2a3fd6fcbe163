import type { DepartmentId, UserId } from '../../lib/ids';
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { ownedKeyColumns } from './organizations';
import { createdAtColumn, tenantIndex, tenantPrimaryKey, tenantUnique } from './tenant';

export const INVITATION_STATUSES = ['pending', 'accepted', 'rejected', 'cancelled'] as const;

/**
 * An organization's invitation of a therapist. The invitee is a user when one was known at sending
 * (by code, or an e-mail that had an account); otherwise only the e-mail, matched to the account
 * that later holds it. `expired` is never stored: a pending row past `expires_at` reads as expired.
 */
export const invitations = pgTable(
  'invitations',
  {
    ...ownedKeyColumns(),
    /** 32 random bytes, base64url: the e-mail's link. So random that it alone finds the row across organizations. */
    token: text('token').notNull(),
    userId: uuid('user_id')
      .$type<UserId>()
      .references(() => users.id),
    email: text('email').notNull(),
    roleId: uuid('role_id'),
    departmentIds: uuid('department_ids')
      .array()
      .$type<DepartmentId[]>()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    message: text('message').notNull().default(''),
    status: text('status', { enum: INVITATION_STATUSES }).notNull().default('pending'),
    isArchived: boolean('is_archived').notNull().default(false),
    invitedBy: uuid('invited_by').$type<UserId>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantUnique('invitations_token_uq', t, t.token),
    index('invitations_token_idx').on(t.token),
    tenantIndex('invitations_org_created_idx', t, t.createdAt),
    index('invitations_user_idx').on(t.userId),
    index('invitations_email_idx').on(sql`lower(${t.email})`),
  ],
);
