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

/**
 * A snapshot of everything a call could write: row counts of all tables plus the full rows of the
 * account tables. Compare before and after a refused call (audit_log is left out: refusals may log;
 * so are the rate limits' counters on PostgreSQL: a refused attempt still counts as an attempt).
 */
export async function snapshot(database: Database): Promise<unknown> {
  const tables = (await allTables(database)).filter((t) => t !== 'audit_log' && t !== 'rate_limit_counters');
  const all = (statement: SQL) => rows(database.db, statement);
  return {
    counts: await tableCounts(database, tables),
    users: await all(sql`SELECT * FROM users ORDER BY id`),
    organizations: await all(sql`SELECT * FROM organizations ORDER BY id`),
    sessions: await all(
      sql`SELECT id, user_id, active_organization_id, expires_at, is_locked, failed_unlocks FROM auth_sessions ORDER BY id`,
    ),
    memberships: await all(sql`SELECT * FROM memberships ORDER BY id`),
  };
}

export async function auditEvents(
  database: Database,
  userId: string,
): Promise<{ event: string; ip: string; detail: Record<string, unknown> }[]> {
  return rows(database.db, sql`SELECT event, ip, detail FROM audit_log WHERE user_id = ${userId} ORDER BY id`);
}
