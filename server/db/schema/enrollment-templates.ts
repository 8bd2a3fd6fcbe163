import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAtColumn, tenantPrimaryKey, tenantUnique } from './tenant';
import { ownedKeyColumns } from './organizations';

/** A contract an organization has parents sign at enrollment: sanitized HTML with `{{placeholders}}`. */
export const contractTemplates = pgTable(
  'contract_templates',
  {
    ...ownedKeyColumns(),
    name: text('name').notNull(),
    bodyHtml: text('body_html').notNull(),
    createdAt: createdAtColumn(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [tenantPrimaryKey(t), tenantUnique('contract_templates_name_uq', t, t.name)],
);

/** The parts of a student's record a privacy-role template opens per role (role id → parts). */
export type PrivacyRules = Record<string, string[]>;

/** Which of the organization's roles see which parts of an enrolled student's record. */
export const privacyRoleTemplates = pgTable(
  'privacy_role_templates',
  {
    ...ownedKeyColumns(),
    name: text('name').notNull(),
    rules: jsonb('rules').$type<PrivacyRules>().notNull().default({}),
    createdAt: createdAtColumn(),
  },
  (t) => [tenantPrimaryKey(t), tenantUnique('privacy_role_templates_name_uq', t, t.name)],
);
