import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { OrganizationId } from '../lib/ids';

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
 * - `TenantScope`: what a tenant service takes first, `(db: TenantScope, organizationId, ...rest)`:
 *   the `Database` (the service opens its own tenant transaction; tests and the seed call it so) or
 *   a `Tx` the caller already holds (a route's, so the idempotency record commits with the change).
 *   A service whose rule depends on who asks takes `(tx: Tx, org: OrgAccess, ...rest)` instead: the
 *   organization comes with the member's permissions.
 * - `Database` (db/client.ts): the opened database; services that are not about one organization
 *   (accounts, a user's organizations, a parent's children) reach it through their `UserContext`
 *   (server/lib/request-context.ts).
 * - Ids of organizations and users are branded (server/lib/ids.ts): a swapped pair does not compile.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Rows of a raw `execute` result (PGlite and node-postgres both answer with { rows }). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The database (a tenant transaction is opened per call) or a tenant transaction the caller already holds. */
export type TenantScope = { tenant<T>(organizationId: OrganizationId, fn: (tx: Tx) => Promise<T>): Promise<T> } | Tx;
export const inTenant = <T>(scope: TenantScope, organizationId: OrganizationId, fn: (tx: Tx) => Promise<T>): Promise<T> =>
  'tenant' in scope ? scope.tenant(organizationId, fn) : fn(scope);
