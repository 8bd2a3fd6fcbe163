import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { Db } from '../db/handles';
import { DEMO_DOMAINS } from '../lib/demo-accounts';

export interface DemoRemoval {
  organizations: number;
  accounts: number;
  rows: number;
}

/** A demo account holds records in an organization outside the demo: removing it would take them along. */
export class DemoInUse extends Error {}

/** The append-only tables and the trigger that refuses their updates and deletes (migrations 0001, 0005). */
const APPEND_ONLY_GUARDS = [
  ['audit_log', 'audit_log_no_update'],
  ['audit_trail', 'audit_trail_no_update'],
] as const;

interface Target {
  table: string;
  column: string;
  ids: string[];
}

async function column<T>(db: Db, statement: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: Record<string, T>[] };
  return result.rows.map((row) => Object.values(row)[0]!);
}

const quoted = (name: string) => sql.identifier(name);
/** `= ANY(…)` of a list of ids or domains (none holds a comma), as one text parameter. */
const anyOf = (values: string[]) => sql`ANY(string_to_array(${values.join(',')}, ','))`;

/**
 * What the demo holds: every row of its organizations (each table with an organization_id, and the
 * organizations themselves), and its accounts with every row that points at them. Refused, nothing
 * touched, when a row of another organization points at a demo account (a clinic that invited a demo
 * therapist, for instance).
 */
async function demoTargets(db: Db): Promise<{ targets: Target[]; organizations: string[]; accounts: string[] }> {
  const accounts = await column<string>(
    db,
    sql`SELECT id::text FROM users WHERE split_part(lower(email), '@', 2) = ${anyOf(DEMO_DOMAINS)}`,
  );
  const organizations = await column<string>(db, sql`SELECT id::text FROM organizations WHERE owner_user_id::text = ${anyOf(accounts)}`);
  const tenantTables = await column<string>(
    db,
    sql`SELECT table_name::text FROM information_schema.columns
        WHERE table_schema = 'public' AND column_name = 'organization_id' ORDER BY 1`,
  );
  const userReferences = (await db.execute(sql`
    SELECT c.conrelid::regclass::text AS "table", a.attname::text AS "column"
    FROM pg_constraint c
    JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
    WHERE c.contype = 'f' AND c.confrelid = 'public.users'::regclass AND array_length(c.conkey, 1) = 1
    ORDER BY 1, 2`)) as unknown as { rows: { table: string; column: string }[] };
  const outside: string[] = [];
  for (const { table, column: col } of userReferences.rows) {
    if (tenantTables.includes(table)) {
      const held = await column<number>(
        db,
        sql`SELECT count(*)::int FROM ${quoted(table)}
            WHERE ${quoted(col)}::text = ${anyOf(accounts)} AND NOT organization_id::text = ${anyOf(organizations)}`,
      );
      if (held[0]! > 0) {
        outside.push(`${table} (${held[0]})`);
      }
    }
  }
  if (outside.length > 0) {
    throw new DemoInUse(
      `The demo was not removed: demo accounts hold records in organizations outside the demo (${outside.join(', ')}). Remove those accounts from them first.`,
    );
  }
  return {
    organizations,
    accounts,
    targets: [
      ...tenantTables.map((table) => ({ table, column: 'organization_id', ids: organizations })),
      { table: 'organizations', column: 'id', ids: organizations },
      ...userReferences.rows.map(({ table, column: col }) => ({ table, column: col, ids: accounts })),
      { table: 'users', column: 'id', ids: accounts },
    ],
  };
}

/**
 * Deletes the demo organizations and accounts in one transaction (`npm run seed -- --remove-demo`).
 * Tables are emptied of the demo in passes, each delete under a savepoint: one that another row still
 * points at waits for a later pass, so no order of the tables has to be kept by hand as tables are added.
 */
export async function removeDemo(database: Database): Promise<DemoRemoval> {
  return database.db.transaction(async (tx) => {
    const { targets, organizations, accounts } = await demoTargets(tx);
    // The audit trails refuse every delete, the owner's included. Removing the demo is the one delete
    // of them there is: their guards are lifted for this transaction alone (a failure puts them back
    // with everything else), and the trail of every other organization stays as it was.
    for (const [table, trigger] of APPEND_ONLY_GUARDS) {
      await tx.execute(sql`ALTER TABLE ${quoted(table)} DISABLE TRIGGER ${quoted(trigger)}`);
    }
    let rows = 0;
    let left = targets;
    const reasons = new Map<string, string>();
    while (left.length > 0) {
      const waiting: Target[] = [];
      for (const target of left) {
        try {
          const deleted = await tx.transaction(async (savepoint) => {
            const result = (await savepoint.execute(
              sql`DELETE FROM ${quoted(target.table)} WHERE ${quoted(target.column)}::text = ${anyOf(target.ids)}`,
            )) as unknown as { rowCount?: number; affectedRows?: number };
            return result.rowCount ?? result.affectedRows ?? 0;
          });
          rows += deleted;
        } catch (error) {
          const cause = (error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message;
          reasons.set(`${target.table}.${target.column}`, cause);
          waiting.push(target);
        }
      }
      if (waiting.length === left.length) {
        const why = waiting.map((t) => `${t.table}.${t.column}: ${reasons.get(`${t.table}.${t.column}`)}`);
        throw new Error(`The demo could not be removed, nothing was deleted: ${why.join('; ')}`);
      }
      left = waiting;
    }
    for (const [table, trigger] of APPEND_ONLY_GUARDS) {
      await tx.execute(sql`ALTER TABLE ${quoted(table)} ENABLE TRIGGER ${quoted(trigger)}`);
    }
    return { organizations: organizations.length, accounts: accounts.length, rows };
  });
}
