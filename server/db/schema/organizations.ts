import type { MembershipId, OrganizationId, UserId } from '../../lib/ids';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAtColumn, organizationColumn, tenantPrimaryKey, tenantUnique } from './tenant';

export const organizations = pgTable('organizations', {
  id: uuid('id').$type<OrganizationId>().primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  kind: text('kind', { enum: ['clinic', 'school'] }).notNull(),
  timezone: text('timezone').notNull().default('UTC'),
  email: text('email').notNull().default(''),
  phone: text('phone').notNull().default(''),
  address: text('address').notNull().default(''),
  website: text('website').notNull().default(''),
  /** ISO 4217 (contract/money.ts): the currency of the organization's prices. */
  currency: text('currency').notNull().default('USD'),
  ownerUserId: uuid('owner_user_id')
    .$type<UserId>()
    .notNull()
    .references(() => users.id),
  createdAt: createdAtColumn(),
});

/**
 * A tenant table owned by the organization itself: deleting the organization deletes its rows. `Id`
 * brands the row's id where other tables and features pass it around (a student, a membership).
 */
export function ownedKeyColumns<Id extends string = string>() {
  return {
    organizationId: organizationColumn().references(() => organizations.id, { onDelete: 'cascade' }),
    id: uuid('id').$type<Id>().notNull(),
  };
}

/**
 * A short number of a person or department, given by the database and never changed: the calendar
 * names thousands of sessions' therapists, students and departments by it (therasessions keeps the
 * numbers of the rows it names), which costs less to look up and to send than the ids.
 */
export const numberColumn = () => integer('num').generatedAlwaysAsIdentity();

/** Organization roles with permission keys. */
export const roles = pgTable(
  'roles',
  {
    ...ownedKeyColumns(),
    name: text('name').notNull(),
    permissionKeys: text('permission_keys').array().notNull(),
    /**
     * A built-in role: the one a new member of this kind receives. Built-in roles can be edited
     * (their keys) but not deleted; at most one per kind per organization.
     */
    defaultFor: text('default_for', { enum: ['therapist', 'staff'] }),
  },
  (t) => [tenantPrimaryKey(t), tenantUnique('roles_name_uq', t, t.name), tenantUnique('roles_default_for_uq', t, t.defaultFor)],
);

export const memberships = pgTable(
  'memberships',
  {
    ...ownedKeyColumns<MembershipId>(),
    num: numberColumn(),
    userId: uuid('user_id')
      .$type<UserId>()
      .notNull()
      .references(() => users.id),
    role: text('role', { enum: ['therapist', 'staff'] }).notNull(),
    roleId: uuid('role_id'),
    status: text('status', { enum: ['active', 'resigning', 'terminated', 'resigned'] })
      .notNull()
      .default('active'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    /** Why the status is what it is: the resignation's or the termination's reason, '' while active. */
    statusReason: text('status_reason').notNull().default(''),
    /** When the status last changed (a resignation asked, cancelled, accepted; a termination); null before any move. */
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    /** When the membership ended (resignation accepted or termination), null while it lasts: the collector's cut-off. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [tenantPrimaryKey(t), tenantUnique('memberships_user_uq', t, t.userId), index('memberships_user_idx').on(t.userId)],
);
