import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from './handles';

/**
 * Row-level security on every table that has an organization_id column, found from the catalog so
 * a new table can't be forgotten. Runs after migrations on PGlite and PostgreSQL alike.
 *
 * - tenant_isolation binds the runtime role thera_app: it sees and writes only rows of the
 *   organization set with set_config('app.organization_id', id, true) in the current transaction;
 *   with the setting missing it sees nothing.
 * - system_access lets the migrating (owner) role through: it is used only for sign-in, sessions and
 *   user-scoped look-ups across organizations (a user's own memberships), never for tenant screens.
 *
 * Other API servers may be serving while one starts. Between dropping a policy and creating it again
 * the runtime role would have no policy on a table whose security is forced, and would read no rows
 * at all: a therapist's Today would come back empty. So nothing is touched when the catalog already
 * holds what is wanted (each table's tenant policy carries a fingerprint of the statements that made
 * it), and what differs is replaced in one transaction: other servers see the old policies or the
 * new ones, never none.
 */
/** Tenant tables the runtime role may only read and append to. */
const APPEND_ONLY = new Set(['audit_trail']);
/**
 * Tables of no organization and the one privilege the runtime role holds on each:
 * - the mail outbox, insert only: a tenant call queues an e-mail in its own transaction, while only
 *   the owner connection's sender reads it;
 * - a therapist's professional profile, read only: one per person, shown by every organization the
 *   therapist works in, written only through the therapist's own (owner connection) calls.
 */
const SYSTEM_GRANTS: Readonly<Record<string, 'INSERT' | 'SELECT'>> = {
  mail_outbox: 'INSERT',
  therapist_profiles: 'SELECT',
  profile_social_links: 'SELECT',
  profile_educations: 'SELECT',
  profile_certifications: 'SELECT',
  profile_skills: 'SELECT',
  profile_work_experiences: 'SELECT',
};

interface Wanted {
  table: string;
  statements: string[];
  fingerprint: string;
  appendOnly: boolean;
}

function wantedFor(table: string): Wanted {
  const column = table === 'organizations' ? 'id' : 'organization_id';
  const appendOnly = APPEND_ONLY.has(table);
  const ident = `"${table}"`;
  const grants = appendOnly
    ? [
        `REVOKE UPDATE, DELETE, TRUNCATE ON ${ident} FROM thera_app`,
        `GRANT SELECT, INSERT ON ${ident} TO thera_app`,
        `GRANT USAGE ON SEQUENCE "${table}_id_seq" TO thera_app`,
      ]
    : [`GRANT SELECT, INSERT, UPDATE, DELETE ON ${ident} TO thera_app`];
  const tenantRows = `${column} = NULLIF(current_setting('app.organization_id', true), '')::uuid`;
  const statements = [
    ...grants,
    `ALTER TABLE ${ident} ENABLE ROW LEVEL SECURITY`,
    `ALTER TABLE ${ident} FORCE ROW LEVEL SECURITY`,
    `DROP POLICY IF EXISTS tenant_isolation ON ${ident}`,
    `CREATE POLICY tenant_isolation ON ${ident} TO thera_app USING (${tenantRows}) WITH CHECK (${tenantRows})`,
    `DROP POLICY IF EXISTS system_access ON ${ident}`,
    `CREATE POLICY system_access ON ${ident} TO CURRENT_USER USING (true) WITH CHECK (true)`,
  ];
  const fingerprint = `thera-rls:${createHash('sha256').update(statements.join(';\n')).digest('hex').slice(0, 24)}`;
  return {
    table,
    statements: [...statements, `COMMENT ON POLICY tenant_isolation ON ${ident} IS '${fingerprint}'`],
    fingerprint,
    appendOnly,
  };
}

async function tenantTables(db: Db): Promise<string[]> {
  const result = await db.execute(sql`
    SELECT c.table_name FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = 'public' AND c.column_name = 'organization_id' AND t.table_type = 'BASE TABLE'
    ORDER BY c.table_name`);
  return [...rowsOf<{ table_name: string }>(result).map((r) => r.table_name), 'organizations'];
}

interface Held {
  table: string;
  enabled: boolean;
  forced: boolean;
  fingerprint: string | null;
  system_access: boolean;
  can_select: boolean;
  can_insert: boolean;
  can_update: boolean;
  can_delete: boolean;
}

/** What the catalog holds for each table, in one read. */
async function heldFor(db: Db, tables: string[]): Promise<Map<string, Held>> {
  const result = await db.execute(sql`
    SELECT c.relname AS table, c.relrowsecurity AS enabled, c.relforcerowsecurity AS forced,
      (SELECT obj_description(p.oid, 'pg_policy') FROM pg_policy p WHERE p.polrelid = c.oid AND p.polname = 'tenant_isolation') AS fingerprint,
      EXISTS (SELECT 1 FROM pg_policy p WHERE p.polrelid = c.oid AND p.polname = 'system_access') AS system_access,
      has_table_privilege('thera_app', c.oid, 'SELECT') AS can_select, has_table_privilege('thera_app', c.oid, 'INSERT') AS can_insert,
      has_table_privilege('thera_app', c.oid, 'UPDATE') AS can_update, has_table_privilege('thera_app', c.oid, 'DELETE') AS can_delete
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relname = ANY(string_to_array(${tables.join(',')}, ','))`);
  return new Map(rowsOf<Held>(result).map((h) => [h.table, h]));
}

const isHeld = (wanted: Wanted, held: Held | undefined) =>
  held !== undefined &&
  held.enabled &&
  held.forced &&
  held.fingerprint === wanted.fingerprint &&
  held.system_access &&
  held.can_select &&
  held.can_insert &&
  held.can_update === !wanted.appendOnly &&
  held.can_delete === !wanted.appendOnly;

/** The tables whose security differs from what is wanted (none on every start but the first after a change). */
export async function rowLevelSecurityToApply(db: Db): Promise<Wanted[]> {
  const wanted = (await tenantTables(db)).map(wantedFor);
  const held = await heldFor(
    db,
    wanted.map((w) => w.table),
  );
  return wanted.filter((w) => !isHeld(w, held.get(w.table)));
}

/** The system tables' grants still missing (none on every start but the first after a new table). */
async function systemGrantsToApply(db: Db): Promise<string[]> {
  const wanted = Object.entries(SYSTEM_GRANTS);
  const result = await db.execute(sql`
    SELECT w.relname AS table, w.privilege FROM json_each_text(${JSON.stringify(Object.fromEntries(wanted))}::json) AS w(relname, privilege)
    JOIN pg_class c ON c.relname = w.relname AND c.relkind = 'r'
    JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
    WHERE NOT has_table_privilege('thera_app', c.oid, w.privilege)`);
  return rowsOf<{ table: string; privilege: string }>(result).map((r) => `GRANT ${r.privilege} ON "${r.table}" TO thera_app`);
}

export async function applyRowLevelSecurity(db: Db): Promise<void> {
  const stale = await rowLevelSecurityToApply(db);
  const grants = await systemGrantsToApply(db);
  if (stale.length === 0 && grants.length === 0) {
    return;
  }
  await db.transaction(async (tx) => {
    for (const { statements } of stale) {
      for (const statement of statements) {
        await tx.execute(sql.raw(statement));
      }
    }
    for (const grant of grants) {
      await tx.execute(sql.raw(grant));
    }
  });
}
