import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/**
 * How server code reaches the database: one convention everywhere.
 *
 * - `Tx`: a tenant transaction (runtime role, row-level security bound to one organization), from
 *   `database.tenant(orgId, fn)` or a route's `registerTxCall`. Every repository function on a tenant
 *   table takes `(tx: Tx, organizationId: OrganizationId, ...rest)`, in that order, and filters on
 *   the organization explicitly too (on top of row-level security).
 * - `Db`: the owner connection, or a transaction on it. Repository functions on tables that belong
 *   to no organization (users, sign-in sessions, children, the audit log) or that look across
 *   organizations for one user take `(db: Db, ...rest)`.
 * - A tenant service takes its `RequestContext` first (server/lib/request-context.ts): the call's
 *   transaction, the organization with the caller's access, who acts and the audit trail. It never
 *   opens a transaction of its own; the route registration (or, for the seed and tests,
 *   `systemContext` inside `database.tenant`) holds it, so the idempotency record commits with the change.
 * - `Database` (db/client.ts): the opened database; services that are not about one organization
 *   (accounts, a user's organizations, a parent's children) reach it through their `UserContext`
 *   (server/lib/request-context.ts).
 * - Ids of organizations, users, students, memberships, sessions and departments are branded
 *   (server/lib/ids.ts), from the schema's columns up: a swapped pair does not compile.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Rows of a raw `execute` result (PGlite and node-postgres both answer with { rows }). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
