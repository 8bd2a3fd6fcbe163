import type { OrganizationId } from '../../lib/ids';
import { and, asc, eq, ilike, sql } from 'drizzle-orm';
import type { Tx } from '../../db/handles';
import { containing, type Window } from '../../lib/pagination';
import { tenantRows } from '../../lib/tenant-rows';
import { contractTemplates, privacyRoleTemplates } from '../../db/schema/enrollment-templates';
import { enrollments } from '../../db/schema/enrollments';
import { roles } from '../../db/schema/organizations';

export type ContractTemplateRow = typeof contractTemplates.$inferSelect;
export type PrivacyRoleTemplateRow = typeof privacyRoleTemplates.$inferSelect;

export const contractTemplateRows = tenantRows(contractTemplates, { name: contractTemplates.name });
export const privacyTemplateRows = tenantRows(privacyRoleTemplates, { name: privacyRoleTemplates.name });

/** A page of one kind of template by name (search: its name), the total on each row. */
async function pageByName<Row>(
  tx: Tx,
  organizationId: OrganizationId,
  table: typeof contractTemplates | typeof privacyRoleTemplates,
  search: string | undefined,
  window: Window,
) {
  const pattern = containing(search);
  const rows = await tx
    .select({ row: table, total: sql<number>`count(*) OVER ()::int` })
    .from(table)
    .where(and(eq(table.organizationId, organizationId), pattern ? ilike(table.name, pattern) : undefined))
    .orderBy(asc(sql`lower(${table.name})`), asc(table.id))
    .limit(window.limit)
    .offset(window.offset);
  return rows as { row: Row; total: number }[];
}

export const pageContractTemplates = (tx: Tx, organizationId: OrganizationId, search: string | undefined, window: Window) =>
  pageByName<ContractTemplateRow>(tx, organizationId, contractTemplates, search, window);

export const pagePrivacyTemplates = (tx: Tx, organizationId: OrganizationId, search: string | undefined, window: Window) =>
  pageByName<PrivacyRoleTemplateRow>(tx, organizationId, privacyRoleTemplates, search, window);

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
