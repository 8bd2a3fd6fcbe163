import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client';
import { rowsOf } from '../../server/db/handles';

/**
 * The shape Citus needs to distribute the tenant tables by organization (docs/scaling.md
 * "Distributing on Citus"), read from the catalog of a migrated database and checked by a plain
 * function, so the check can be tried on a deliberately broken schema as cheaply as on the real one.
 */

/** A tenant table is distributed by this column; `organizations` by its own id. */
export const TENANT_COLUMN = 'organization_id';
export const ORGANIZATIONS = 'organizations';

export interface CatalogTable {
  table: string;
  isTenant: boolean;
}

export type KeyKind = 'primary key' | 'unique' | 'exclusion' | 'unique index' | 'foreign key';

export interface CatalogKey {
  table: string;
  name: string;
  kind: KeyKind;
  /** Key columns in order; an index's expression appears as its text, e.g. `lower(name)`. */
  columns: string[];
  /** Foreign keys only: the referenced table and its columns, paired by position with `columns`. */
  refTable: string | null;
  refColumns: string[];
}

export interface TenantCatalog {
  tables: CatalogTable[];
  keys: CatalogKey[];
}

/** Entries the checker accepts, each keyed as the checker names it, with the reason as its value. */
export interface Allowed {
  /** Foreign keys from a distributed table to a table of no organization: `table(cols) → ref(cols)`. */
  crossReferences: Record<string, string>;
  /** Keys that break a rule on purpose: `table.constraint`. */
  exceptions: Record<string, string>;
}

const CONSTRAINT_KINDS: Record<string, KeyKind> = { p: 'primary key', u: 'unique', x: 'exclusion', f: 'foreign key' };

/** Tables, constraints and unique indexes of one schema. */
export async function readTenantCatalog(database: Database, schema: string): Promise<TenantCatalog> {
  const tables = rowsOf<CatalogTable>(
    await database.db.execute(sql`
      SELECT c.relname AS "table",
        EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = ${TENANT_COLUMN} AND NOT a.attisdropped) AS "isTenant"
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = ${schema} AND c.relkind IN ('r', 'p')
      ORDER BY 1`),
  );
  const constraints = rowsOf<Omit<CatalogKey, 'kind'> & { contype: string }>(
    await database.db.execute(sql`
      SELECT t.relname AS "table", k.conname AS name, k.contype::text AS contype,
        ARRAY(SELECT a.attname::text FROM unnest(k.conkey) WITH ORDINALITY AS u(attnum, n)
              JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = u.attnum ORDER BY u.n) AS columns,
        r.relname AS "refTable",
        ARRAY(SELECT a.attname::text FROM unnest(k.confkey) WITH ORDINALITY AS u(attnum, n)
              JOIN pg_attribute a ON a.attrelid = k.confrelid AND a.attnum = u.attnum ORDER BY u.n) AS "refColumns"
      FROM pg_constraint k
      JOIN pg_class t ON t.oid = k.conrelid
      JOIN pg_namespace n ON n.oid = t.relnamespace
      LEFT JOIN pg_class r ON r.oid = k.confrelid
      WHERE n.nspname = ${schema} AND k.contype IN ('p', 'u', 'x', 'f')
      ORDER BY 1, 2`),
  );
  // Unique indexes made without a constraint (an expression such as lower(name) needs one);
  // the indexes behind primary keys, unique and exclusion constraints are read as those.
  const indexes = rowsOf<{ table: string; name: string; columns: string[] }>(
    await database.db.execute(sql`
      SELECT t.relname AS "table", x.relname AS name,
        ARRAY(SELECT pg_get_indexdef(i.indexrelid, k, true) FROM generate_series(1, i.indnkeyatts::int) AS k ORDER BY k) AS columns
      FROM pg_index i
      JOIN pg_class x ON x.oid = i.indexrelid
      JOIN pg_class t ON t.oid = i.indrelid
      JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = ${schema} AND i.indisunique
        AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid AND k.contype IN ('p', 'u', 'x'))
      ORDER BY 1, 2`),
  );
  return {
    tables,
    keys: [
      ...constraints.map(({ contype, ...key }) => ({ ...key, kind: CONSTRAINT_KINDS[contype]! })),
      ...indexes.map((index) => ({ ...index, kind: 'unique index' as const, refTable: null, refColumns: [] })),
    ],
  };
}

const list = (columns: string[]) => `(${columns.join(', ')})`;
const referenceName = (key: CatalogKey) => `${key.table}${list(key.columns)} → ${key.refTable}${list(key.refColumns)}`;

/**
 * Readable violations of the rules, one sentence each, sorted. A table is distributed when it has
 * an organization_id column (by that column) or is `organizations` (by id); every other table is a
 * reference table, copied whole to every node.
 */
export function checkTenantCatalog(catalog: TenantCatalog, allowed: Allowed): string[] {
  const tenant = new Set(catalog.tables.filter((t) => t.isTenant).map((t) => t.table));
  const distributionColumn = (table: string | null): string | null =>
    table === null ? null : tenant.has(table) ? TENANT_COLUMN : table === ORGANIZATIONS ? 'id' : null;
  const violations: string[] = [];
  const used = new Set<string>();

  for (const { table } of catalog.tables) {
    if (distributionColumn(table) !== null && !catalog.keys.some((k) => k.table === table && k.kind === 'primary key')) {
      violations.push(`${table}: has no primary key (it needs one that contains ${distributionColumn(table)})`);
    }
  }
  for (const key of catalog.keys) {
    const column = distributionColumn(key.table);
    const refColumn = distributionColumn(key.refTable);
    if (key.kind !== 'foreign key') {
      if (column === null || key.columns.includes(column)) {
        continue;
      }
      const exception = `${key.table}.${key.name}`;
      if (exception in allowed.exceptions) {
        used.add(exception);
        continue;
      }
      violations.push(`${key.table}: ${key.kind} ${key.name} ${list(key.columns)} lacks ${column}`);
      continue;
    }
    const described = `${key.table}: foreign key ${key.name} ${list(key.columns)} → ${key.refTable} ${list(key.refColumns)}`;
    if (column !== null && refColumn !== null) {
      // Colocated shards can check a key only when both sides name the row's organization.
      const paired = key.columns.some((c, i) => c === column && key.refColumns[i] === refColumn);
      if (!paired) {
        violations.push(`${described} does not pair ${column} with ${key.refTable}.${refColumn}`);
      }
    } else if (column !== null) {
      const name = referenceName(key);
      if (name in allowed.crossReferences) {
        used.add(name);
      } else {
        violations.push(`${described} reaches a table of no organization: list it as '${name}' with its reason, if it is meant to`);
      }
    } else if (refColumn !== null) {
      violations.push(`${described} points from a table of no organization into a distributed one, which Citus refuses`);
    }
  }
  for (const name of [...Object.keys(allowed.crossReferences), ...Object.keys(allowed.exceptions)]) {
    if (!used.has(name)) {
      violations.push(`${name}: listed as allowed but not found in the schema (remove it from the list)`);
    }
  }
  return violations.sort();
}
