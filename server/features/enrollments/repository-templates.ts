import type { OrganizationId } from '../../lib/ids';
import { and, asc, eq, ilike, sql } from 'drizzle-orm';
import type { Tx } from '../../db/handles';
import { containing, type Window } from '../../lib/pagination';
import { tenantRows } from '../../lib/tenant-rows';
import { contractTemplates, privacyRoleTemplates } from '../../db/schema/enrollment-templates';
import { enrollments } from '../../db/schema/enrollments';
import { memberships, roles } from '../../db/schema/organizations';

export type ContractTemplateRow = typeof contractTemplates.$inferSelect;
export type PrivacyRoleTemplateRow = typeof privacyRoleTemplates.$inferSelect;

export const contractTemplateRows = tenantRows(contractTemplates, { name: contractTemplates.name });
export const privacyTemplateRows = tenantRows(privacyRoleTemplates, { name: privacyRoleTemplates.name });

/** A page of contract templates by name, the total on each row. */
export async function pageContractTemplates(tx: Tx, organizationId: OrganizationId, search: string | undefined, window: Window) {
  const pattern = containing(search);
  return tx
    .select({ row: contractTemplates, total: sql<number>`count(*) OVER ()::int` })
    .from(contractTemplates)
    .where(and(eq(contractTemplates.organizationId, organizationId), pattern ? ilike(contractTemplates.name, pattern) : undefined))
    .orderBy(asc(sql`lower(${contractTemplates.name})`), asc(contractTemplates.id))
    .limit(window.limit)
    .offset(window.offset);
}

export async function pagePrivacyTemplates(tx: Tx, organizationId: OrganizationId, search: string | undefined, window: Window) {
  const pattern = containing(search);
  return tx
    .select({ row: privacyRoleTemplates, total: sql<number>`count(*) OVER ()::int` })
    .from(privacyRoleTemplates)
    .where(and(eq(privacyRoleTemplates.organizationId, organizationId), pattern ? ilike(privacyRoleTemplates.name, pattern) : undefined))
    .orderBy(asc(sql`lower(${privacyRoleTemplates.name})`), asc(privacyRoleTemplates.id))
    .limit(window.limit)
    .offset(window.offset);
}

/** The organization's roles, id → name. */
export async function roleNames(tx: Tx, organizationId: OrganizationId): Promise<Map<string, string>> {
  const rows = await tx.select({ id: roles.id, name: roles.name }).from(roles).where(eq(roles.organizationId, organizationId));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** How many enrollments name the privacy template. */
export async function countTemplateUse(tx: Tx, organizationId: OrganizationId, templateId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(enrollments)
    .where(and(eq(enrollments.organizationId, organizationId), eq(enrollments.privacyRoleTemplateId, templateId)));
  return row?.n ?? 0;
}

/** The role a membership acts with: its own, or the built-in role of its kind. */
export async function roleOfMembership(tx: Tx, organizationId: OrganizationId, membershipId: string): Promise<string | null> {
  const [row] = await tx
    .select({ roleId: memberships.roleId, kind: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.id, membershipId)));
  if (!row) {
    return null;
  }
  if (row.roleId) {
    return row.roleId;
  }
  const [builtIn] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.organizationId, organizationId), eq(roles.defaultFor, row.kind)));
  return builtIn?.id ?? null;
}

/** The rules of the privacy template the student's current enrollment (the open one, else the latest) names; null without one. */
export async function privacyRulesOfStudent(tx: Tx, organizationId: OrganizationId, studentId: string) {
  const [row] = await tx
    .select({ rules: privacyRoleTemplates.rules })
    .from(enrollments)
    .leftJoin(
      privacyRoleTemplates,
      and(
        eq(privacyRoleTemplates.organizationId, enrollments.organizationId),
        eq(privacyRoleTemplates.id, enrollments.privacyRoleTemplateId),
      ),
    )
    .where(and(eq(enrollments.organizationId, organizationId), eq(enrollments.studentId, studentId)))
    .orderBy(asc(enrollments.isArchived), sql`${enrollments.createdAt} DESC`)
    .limit(1);
  return row?.rules ?? null;
}
