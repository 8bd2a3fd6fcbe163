import { sql } from 'drizzle-orm';
import type { StudentId, UserId } from '../../lib/ids';
import { boolean, date, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, tenantIndex, tenantKeyColumns, tenantPrimaryKey, tenantReference, tenantUnique } from './tenant';
import { numberColumn, ownedKeyColumns } from './organizations';
import { children } from './family';
import { users } from './accounts';
import { privacyRoleTemplates } from './enrollment-templates';

/** A student of one organization: a parent's enrolled child, or a STU user. */
export const students = pgTable(
  'students',
  {
    ...ownedKeyColumns<StudentId>(),
    num: numberColumn(),
    childId: uuid('child_id').references(() => children.id),
    userId: uuid('user_id')
      .$type<UserId>()
      .references(() => users.id),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    code: text('code').notNull(),
    /**
     * The privacy-role template of the student's current enrollment (the open one, else the latest),
     * kept by a trigger on enrollments (migration 0018). A copy so the collector's write path asks the
     * template in the statement it already runs, through one key, instead of sorting enrollments.
     */
    privacyRoleTemplateId: uuid('privacy_role_template_id'),
    /**
     * The student as the calendar's lookup list names them, a JSON array kept by the database:
     * number, id and full name. A scheduler's week names the whole roster, and writing it out per
     * read cost about as much as the week's sessions.
     */
    lookupCell: text('lookup_cell').generatedAlwaysAs(
      sql`'[' || num::text || ',"' || id::text || '",' || json_string(first_name || ' ' || last_name) || ']'`,
    ),
    createdAt: createdAtColumn(),
  },
  (t) => [tenantPrimaryKey(t), tenantUnique('students_code_uq', t, t.code)],
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
    ...tenantKeyColumns(),
    studentId: uuid('student_id').$type<StudentId>().notNull(),
    parentStatus: text('parent_status').notNull().default('accepted'),
    orgStatus: text('org_status').notNull().default('active'),
    orgStatusReason: text('org_status_reason').notNull().default(''),
    notes: text('notes').notNull().default(''),
    isArchived: boolean('is_archived').notNull().default(false),
    privacyRoleTemplateId: uuid('privacy_role_template_id'),
    /** The contract as issued: rendered from a template once and never changed by later template edits. */
    contractHtml: text('contract_html').notNull().default(''),
    contractTemplateName: text('contract_template_name'),
    contractStartDate: date('contract_start_date'),
    contractResponsiblePerson: text('contract_responsible_person').notNull().default(''),
    createdAt: createdAtColumn(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantReference(t, t.studentId, students).onDelete('cascade'),
    tenantIndex('enrollments_student_idx', t, t.studentId),
    // A template in use is refused deletion by the service; the key keeps a row from pointing elsewhere.
    tenantReference(t, t.privacyRoleTemplateId, privacyRoleTemplates, 'enrollments_privacy_role_template_fk'),
  ],
);
