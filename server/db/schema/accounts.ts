import type { OrganizationId, UserId } from '../../lib/ids';
import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Users are global: they reach organizations through ownership, memberships or their children.
export const users = pgTable('users', {
  id: uuid('id').$type<UserId>().primaryKey(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  userType: text('user_type', { enum: ['ORG', 'THE', 'STU', 'PAR'] }).notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  phoneNumber: text('phone_number').notNull().default(''),
  /** A therapist's shareable code (THE users only): an organization invites them by it. */
  therapistCode: text('therapist_code').unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// Server-side sessions. `id` is the SHA-256 of the cookie token, so a leaked table grants nothing.
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .$type<UserId>()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    activeOrganizationId: uuid('active_organization_id').$type<OrganizationId>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    isLocked: boolean('is_locked').notNull().default(false),
    failedUnlocks: integer('failed_unlocks').notNull().default(0),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

// Append-only: a trigger refuses UPDATE and DELETE (see migrations).
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    event: text('event').notNull(),
    userId: uuid('user_id').$type<UserId>(),
    organizationId: uuid('organization_id_ref').$type<OrganizationId>(),
    ip: text('ip').notNull().default(''),
    detail: jsonb('detail')
      .notNull()
      .default(sql`'{}'::jsonb`),
  },
  (t) => [index('audit_log_user_idx').on(t.userId, t.at)],
);

/**
 * Counters of the sign-in, registration and unlock limits when the database is PostgreSQL, so that
 * every API server counts against the same number (features/accounts/rate-limit-store.ts). A row
 * is one key's current window; windows long over are pruned by a job.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true, precision: 3 }).notNull(),
});
