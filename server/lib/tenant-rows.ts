import type { OrganizationId } from './ids';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/handles';

/**
 * The per-table reads and writes every tenant table needs, written once. Each call filters on the
 * organization explicitly (on top of row-level security) and runs in the tenant transaction it is
 * given. A feature's repository configures it with its table and adds only the queries that are
 * its own.
 */

type TenantTable = PgTable & { organizationId: PgColumn; id: PgColumn };

export function tenantRows<T extends TenantTable>(table: T, options: { name?: PgColumn } = {}) {
  return { where: scoped(table).inOrganization, ...tenantReads(table, options), ...tenantWrites(table) };
}

// drizzle's builders can't follow a generic table's columns: the untyped handle is confined to this
// file, and every answer is typed as the table's row.
function scoped<T extends TenantTable>(table: T) {
  return {
    untyped: table as PgTable,
    /** The organization's rows that match every condition given (undefined ones are left out). */
    inOrganization: (organizationId: OrganizationId, ...conditions: (SQL | undefined)[]) =>
      and(eq(table.organizationId, organizationId), ...conditions),
  };
}

function tenantReads<T extends TenantTable>(table: T, options: { name?: PgColumn }) {
  type Row = T['$inferSelect'];
  type Id = T['id']['_']['data'];
  const { untyped, inOrganization } = scoped(table);
  /** The organization's rows whose column holds one of the values (a parent's children, in one query). */
  async function whereIn<C extends PgColumn>(tx: Tx, organizationId: OrganizationId, column: C, values: C['_']['data'][]): Promise<Row[]> {
    if (values.length === 0) {
      return [];
    }
    return (await tx
      .select()
      .from(untyped)
      .where(inOrganization(organizationId, inArray(column, values)))) as Row[];
  }
  return {
    /** One row; `lock` holds it until the transaction ends. */
    async byId(tx: Tx, organizationId: OrganizationId, id: Id, lock = false): Promise<Row | undefined> {
      const query = tx
        .select()
        .from(untyped)
        .where(inOrganization(organizationId, eq(table.id, id)));
      const [row] = lock ? await query.for('update') : await query;
      return row as Row | undefined;
    },

    /** The row matching the conditions, for a row known by another unique key than its id (undefined: none). */
    async findOne(tx: Tx, organizationId: OrganizationId, ...conditions: SQL[]): Promise<Row | undefined> {
      const [row] = await tx
        .select()
        .from(untyped)
        .where(inOrganization(organizationId, ...conditions));
      return row as Row | undefined;
    },

    byIds: (tx: Tx, organizationId: OrganizationId, ids: Id[]) => whereIn(tx, organizationId, table.id, ids),

    /** The row named so in any case ("Speech" = "speech"): names are unique in an organization whatever their case. */
    async byName(tx: Tx, organizationId: OrganizationId, name: string): Promise<Row | undefined> {
      const [row] = await tx
        .select()
        .from(untyped)
        .where(inOrganization(organizationId, sql`lower(${options.name}) = lower(${name})`));
      return row as Row | undefined;
    },

    whereIn,
  };
}

function tenantWrites<T extends TenantTable>(table: T) {
  type Row = T['$inferSelect'];
  type Id = T['id']['_']['data'];
  type Insert = Omit<T['$inferInsert'], 'organizationId'>;
  const { untyped, inOrganization } = scoped(table);
  const values = (organizationId: OrganizationId, row: Insert) => ({ organizationId, ...row }) as never;
  return {
    async insert(tx: Tx, organizationId: OrganizationId, row: Insert): Promise<Row> {
      const [created] = await tx.insert(untyped).values(values(organizationId, row)).returning();
      return created as Row;
    },

    /** Inserts the rows in one statement (none: no statement), answering them as written. */
    async insertMany(tx: Tx, organizationId: OrganizationId, rows: Insert[]): Promise<Row[]> {
      if (rows.length === 0) {
        return [];
      }
      return (await tx
        .insert(untyped)
        .values(rows.map((row) => values(organizationId, row)))
        .returning()) as Row[];
    },

    /** Inserts the row unless a unique key already holds it (a concurrent call): undefined then. */
    async insertOnce(tx: Tx, organizationId: OrganizationId, row: Insert): Promise<Row | undefined> {
      const [created] = await tx.insert(untyped).values(values(organizationId, row)).onConflictDoNothing().returning();
      return created as Row | undefined;
    },

    /** An update naming no field changes nothing and answers undefined: the caller answers with the row as it is. */
    async update(tx: Tx, organizationId: OrganizationId, id: Id, patch: Partial<Insert>): Promise<Row | undefined> {
      if (Object.keys(patch).length === 0) {
        return undefined;
      }
      const [row] = await tx
        .update(untyped)
        .set(patch as never)
        .where(inOrganization(organizationId, eq(table.id, id)))
        .returning();
      return row as Row | undefined;
    },

    /** Deletes one row, answering it (undefined: none was there). */
    async deleteById(tx: Tx, organizationId: OrganizationId, id: Id): Promise<Row | undefined> {
      const [row] = await tx
        .delete(untyped)
        .where(inOrganization(organizationId, eq(table.id, id)))
        .returning();
      return row as Row | undefined;
    },

    /** Deletes the row matching the conditions, answering it (undefined: none was there). */
    async deleteOne(tx: Tx, organizationId: OrganizationId, ...conditions: SQL[]): Promise<Row | undefined> {
      const [row] = await tx
        .delete(untyped)
        .where(inOrganization(organizationId, ...conditions))
        .returning();
      return row as Row | undefined;
    },

    /** Deletes these rows of the organization and answers the ones deleted (others are not its own, or gone). */
    async deleteByIds(tx: Tx, organizationId: OrganizationId, ids: Id[], ...conditions: SQL[]): Promise<Row[]> {
      if (ids.length === 0) {
        return [];
      }
      return (await tx
        .delete(untyped)
        .where(inOrganization(organizationId, inArray(table.id, ids), ...conditions))
        .returning()) as Row[];
    },
  };
}

/** A join condition to the row of `target` a column names, in the same organization as the row naming it. */
export function sameOrganizationRow(
  target: { organizationId: PgColumn; id: PgColumn },
  from: { organizationId: PgColumn },
  column: PgColumn,
) {
  return and(eq(target.organizationId, from.organizationId), eq(target.id, column));
}

/**
 * The outer row of a list query, named in full: inside a select's own fields drizzle writes the main
 * table's columns unqualified, which a correlated subquery would read as its own columns.
 */
export function outerRow(tableName: string) {
  return { organizationId: sql.raw(`"${tableName}"."organization_id"`), id: sql.raw(`"${tableName}"."id"`) };
}

/** How many rows of a child table point at the outer row (a correlated count in a list's select). */
export function childCount(child: PgTable, parentColumn: string, outer: ReturnType<typeof outerRow>, narrowing: SQL = sql``) {
  return sql<number>`(SELECT count(*)::int FROM ${child} s
        WHERE s.organization_id = ${outer.organizationId} AND s.${sql.raw(parentColumn)} = ${outer.id}${narrowing})`;
}

/** The orderings of a list by name (in any case) and by creation, the id breaking ties. */
export function nameAndCreatedOrder(table: { id: PgColumn; name: PgColumn; createdAt: PgColumn }) {
  return {
    name: [sql`lower(${table.name}) ASC`, asc(table.id)],
    '-name': [sql`lower(${table.name}) DESC`, asc(table.id)],
    created_at: [asc(table.createdAt), asc(table.id)],
    '-created_at': [desc(table.createdAt), asc(table.id)],
  } satisfies Record<string, SQL[]>;
}

/**
 * The counts a list answers beside its page, over all of the organization's rows whatever the search
 * and filters (the page's own count rides on its rows, `listTotal`), in one query; with an
 * `is_active` column, also how many are active and inactive.
 */
export async function listCounts(
  tx: Tx,
  table: TenantTable,
  organizationId: OrganizationId,
  active: PgColumn,
): Promise<{ countAll: number; countActive: number; countInactive: number }>;
export async function listCounts(tx: Tx, table: TenantTable, organizationId: OrganizationId): Promise<{ countAll: number }>;
export async function listCounts(tx: Tx, table: TenantTable, organizationId: OrganizationId, active?: PgColumn) {
  const [row] = await tx
    .select({
      countAll: sql<number>`count(*)::int`,
      countActive: active ? sql<number>`count(*) FILTER (WHERE ${active})::int` : sql<number>`0`,
    })
    .from(table)
    .where(eq(table.organizationId, organizationId));
  const countAll = row?.countAll ?? 0;
  if (!active) {
    return { countAll };
  }
  const countActive = row?.countActive ?? 0;
  return { countAll, countActive, countInactive: countAll - countActive };
}
