import type { OrganizationId } from '../../lib/ids';
import { foreignKey, index, primaryKey, timestamp, unique, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * The pieces every tenant table is built from. The organization leads every key, unique constraint
 * and reference, so a row never points into another organization and a table can be distributed by
 * it. These are functions (not shared builders) because drizzle's column builders are mutable: each
 * table needs its own. The columns of a table the organization owns directly
 * (its reference cascades) are built in organizations.ts, beside the organizations table.
 */

type TenantColumns = { organizationId: AnyPgColumn; id: AnyPgColumn };

export function organizationColumn() {
  return uuid('organization_id').$type<OrganizationId>().notNull();
}

/**
 * A tenant table whose rows reach the organization through a parent row (the parent's reference
 * cascades). `Id` brands the row's id where other tables and features pass it around (a session).
 */
export function tenantKeyColumns<Id extends string = string>() {
  return { organizationId: organizationColumn(), id: uuid('id').$type<Id>().notNull() };
}

export function createdAtColumn() {
  return timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
}

export function tenantPrimaryKey(t: TenantColumns) {
  return primaryKey({ columns: [t.organizationId, t.id] });
}

/** A reference to a row of another tenant table, through the organization and that row's id. */
export function tenantReference(t: TenantColumns, column: AnyPgColumn, target: TenantColumns, name?: string) {
  return foreignKey({ name, columns: [t.organizationId, column], foreignColumns: [target.organizationId, target.id] });
}

/** Unique within the organization. */
export function tenantUnique(name: string, t: TenantColumns, ...columns: AnyPgColumn[]) {
  return unique(name).on(t.organizationId, ...columns);
}

export function tenantIndex(name: string, t: TenantColumns, ...columns: AnyPgColumn[]) {
  return index(name).on(t.organizationId, ...columns);
}
