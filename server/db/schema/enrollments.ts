import type { OrganizationId, UserId } from '../../lib/ids';
import { boolean, foreignKey, index, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { children } from './family';
import { users } from './accounts';

/** A student of one organization: a parent's enrolled child, or a STU user. */
export const students = pgTable(
  'students',
  {
    organizationId: uuid('organization_id')
      .$type<OrganizationId>()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    childId: uuid('child_id').references(() => children.id),
    userId: uuid('user_id')
      .$type<UserId>()
      .references(() => users.id),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    code: text('code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.id] }), unique('students_code_uq').on(t.organizationId, t.code)],
);

/** An enrollment's status on the organization's side (changed by staff, with a reason). */
export const ORG_STATUSES = ['pending', 'active', 'on_hold', 'discharged'] as const;
export type OrgStatus = (typeof ORG_STATUSES)[number];
/** An enrollment's status on the parent's side (changed by the parent through the family calls). */
export const PARENT_STATUSES = ['pending', 'accepted', 'declined', 'withdrawn'] as const;
export type ParentStatus = (typeof PARENT_STATUSES)[number];

export const enrollments = pgTable(
  'enrollments',
  {
    organizationId: uuid('organization_id').$type<OrganizationId>().notNull(),
    id: uuid('id').notNull(),
    studentId: uuid('student_id').notNull(),
    parentStatus: text('parent_status').notNull().default('accepted'),
    orgStatus: text('org_status').notNull().default('active'),
    orgStatusReason: text('org_status_reason').notNull().default(''),
    notes: text('notes').notNull().default(''),
    isArchived: boolean('is_archived').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    foreignKey({ columns: [t.organizationId, t.studentId], foreignColumns: [students.organizationId, students.id] }).onDelete('cascade'),
    index('enrollments_student_idx').on(t.organizationId, t.studentId),
  ],
);
