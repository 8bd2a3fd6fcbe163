import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Rows of a raw `execute` result (PGlite and node-postgres both answer with { rows }). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The database (a tenant transaction is opened per call) or a tenant transaction the caller already holds. */
export type TenantScope = { tenant<T>(organizationId: string, fn: (tx: Tx) => Promise<T>): Promise<T> } | Tx;
export const inTenant = <T>(scope: TenantScope, organizationId: string, fn: (tx: Tx) => Promise<T>): Promise<T> =>
  'tenant' in scope ? scope.tenant(organizationId, fn) : fn(scope);
