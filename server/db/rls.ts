import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from './handles';

/**
 * Row-level security on every table that has an organization_id column, found from the catalog so
 * a new table can't be forgotten. Idempotent; runs after migrations on PGlite and PostgreSQL alike.
 *
 * - tenant_isolation binds the runtime role thera_app: it sees and writes only rows of the
 *   organization set with set_config('app.organization_id', id, true) in the current transaction;
 *   with the setting missing it sees nothing.
 * - system_access lets the migrating (owner) role through: it is used only for sign-in, sessions and
 *   user-scoped look-ups across organizations (a user's own memberships), never for tenant screens.
 */
/** Tenant tables the runtime role may only read and append to. */
const APPEND_ONLY = new Set(['audit_trail']);

export async function applyRowLevelSecurity(db: Db): Promise<void> {
  const result = await db.execute(sql`
    SELECT c.table_name FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = 'public' AND c.column_name = 'organization_id' AND t.table_type = 'BASE TABLE'
    ORDER BY c.table_name`);
  const tables = rowsOf<{ table_name: string }>(result).map((r) => r.table_name);
  tables.push('organizations');
  for (const table of tables) {
    const column = table === 'organizations' ? 'id' : 'organization_id';
    const ident = sql.identifier(table);
    if (APPEND_ONLY.has(table)) {
      await db.execute(sql`REVOKE UPDATE, DELETE, TRUNCATE ON ${ident} FROM thera_app`);
      await db.execute(sql`GRANT SELECT, INSERT ON ${ident} TO thera_app`);
      await db.execute(sql.raw(`GRANT USAGE ON SEQUENCE "${table}_id_seq" TO thera_app`));
    } else {
      await db.execute(sql`GRANT SELECT, INSERT, UPDATE, DELETE ON ${ident} TO thera_app`);
    }
    await db.execute(sql`ALTER TABLE ${ident} ENABLE ROW LEVEL SECURITY`);
    await db.execute(sql`ALTER TABLE ${ident} FORCE ROW LEVEL SECURITY`);
    await db.execute(sql`DROP POLICY IF EXISTS tenant_isolation ON ${ident}`);
    await db.execute(
      sql.raw(`CREATE POLICY tenant_isolation ON "${table}" TO thera_app
        USING (${column} = NULLIF(current_setting('app.organization_id', true), '')::uuid)
        WITH CHECK (${column} = NULLIF(current_setting('app.organization_id', true), '')::uuid)`),
    );
    await db.execute(sql`DROP POLICY IF EXISTS system_access ON ${ident}`);
    await db.execute(sql.raw(`CREATE POLICY system_access ON "${table}" TO CURRENT_USER USING (true) WITH CHECK (true)`));
  }
}
