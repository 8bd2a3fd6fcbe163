import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../server/db/client';
import type { Db } from '../../server/db/handles';

/** Rows of a raw query, typed here (the driver-generic `execute` result is not). */
export async function rows<T = Record<string, unknown>>(conn: Db, statement: SQL): Promise<T[]> {
  return ((await conn.execute(statement)) as unknown as { rows: T[] }).rows;
}

/** Row counts of whole tables (owner connection), to prove a refused call wrote nothing. */
export async function tableCounts(database: Database, tables: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const result = await rows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`);
    counts[table] = Number(result[0]!.n);
  }
  return counts;
}

/** Every table of the public schema. */
export async function allTables(database: Database): Promise<string[]> {
  const result = await rows<{ table_name: string }>(
    database.db,
    sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  return result.map((r) => r.table_name);
}

const tableLists = new WeakMap<Database, Promise<string[]>>();

/**
 * A snapshot of everything a call could write, in one statement: per table its row count and the newest
 * row version (`xmin`, the transaction that wrote it), so an insert, an update or a delete anywhere shows.
 * Compare before and after a refused call. Left out: audit_log (refusals may log), the rate limits'
 * counters on PostgreSQL (a refused attempt still counts as an attempt), and of a sign-in only the
 * columns a call could change for the person (its last use is touched by every signed-in call).
 */
export async function snapshot(database: Database): Promise<unknown> {
  if (!tableLists.has(database)) {
    tableLists.set(database, allTables(database));
  }
  const tables = (await tableLists.get(database)!).filter((t) => t !== 'audit_log' && t !== 'rate_limit_counters' && t !== 'auth_sessions');
  // One statement, as tests take it around every refused call: on PGlite each statement is a round
  // through the engine.
  const fingerprints = sql.join(
    tables.map(
      (t) => sql`SELECT ${t}::text AS name, count(*)::int AS n, max(xmin::text::bigint)::text AS newest FROM ${sql.identifier(t)}`,
    ),
    sql` UNION ALL `,
  );
  const result = await rows<{ name: string; n: number; newest: string | null }>(
    database.db,
    sql`${fingerprints} UNION ALL SELECT 'auth_sessions', count(*)::int, md5(string_agg(
      concat_ws('|', id, user_id, active_organization_id, expires_at, is_locked, failed_unlocks), ',' ORDER BY id))
      FROM auth_sessions`,
  );
  return Object.fromEntries(result.map((r) => [r.name, [r.n, r.newest]]));
}

export async function auditEvents(
  database: Database,
  userId: string,
): Promise<{ event: string; ip: string; detail: Record<string, unknown> }[]> {
  return rows(database.db, sql`SELECT event, ip, detail FROM audit_log WHERE user_id = ${userId} ORDER BY id`);
}
