import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client';
import { checkTenantCatalog, readTenantCatalog, type Allowed } from '../helpers/tenant-catalog';
import { describeServer, openTestDatabase } from '../helpers/test-app';

/**
 * Foreign keys from distributed tables to tables that belong to no organization. Under Citus each
 * points from a distributed table to a reference table, which works; each also crosses
 * organizations on purpose, so a new one has to be added here, with its reason, deliberately.
 */
const CROSS_ORGANIZATION_REFERENCES: Record<string, string> = {
  'memberships(user_id) → users(id)': 'one person signs in once and works in every organization they are a member of',
  'organizations(owner_user_id) → users(id)': 'an owner is a user like any other and may own several organizations',
  'invitations(user_id) → users(id)': 'a therapist has one account, and any organization may invite it',
  'students(user_id) → users(id)': 'a student who signs in (STU) has one account, whatever organizations enrol them',
  'students(child_id) → children(id)': "a parent's child is one record, enrolled as a student in several organizations",
};

/**
 * Keys that break the rules on purpose. Organization codes are typed by people and must be unique
 * across organizations, which no shard of a table distributed by id can check: on Citus the code
 * moves to a reference table first (docs/scaling.md "Distributing on Citus").
 */
const KNOWN_EXCEPTIONS: Record<string, string> = {
  'organizations.organizations_code_unique': 'codes are unique across organizations; a reference table holds them on Citus',
};

const ALLOWED: Allowed = { crossReferences: CROSS_ORGANIZATION_REFERENCES, exceptions: KNOWN_EXCEPTIONS };

/**
 * A schema of its own in the test's database, broken in every way the checker knows, beside tables
 * that are right: the checker must name each fault and nothing else.
 */
const SELF_CHECK = 'tenant_catalog_self_check';
const SELF_CHECK_DDL = [
  `CREATE SCHEMA ${SELF_CHECK}`,
  `SET LOCAL search_path TO ${SELF_CHECK}`,
  `CREATE TABLE users (id uuid PRIMARY KEY, email text CONSTRAINT users_email_uq UNIQUE)`,
  `CREATE TABLE organizations (id uuid PRIMARY KEY, code text CONSTRAINT organizations_code_uq UNIQUE)`,
  `CREATE TABLE good_parent (organization_id uuid REFERENCES organizations (id), id uuid, name text,
     CONSTRAINT good_parent_pk PRIMARY KEY (organization_id, id), CONSTRAINT good_parent_name_uq UNIQUE (organization_id, name))`,
  `CREATE TABLE good_child (organization_id uuid, id uuid, parent_id uuid, name text,
     CONSTRAINT good_child_pk PRIMARY KEY (organization_id, id),
     CONSTRAINT good_child_parent_fk FOREIGN KEY (organization_id, parent_id) REFERENCES good_parent (organization_id, id))`,
  `CREATE UNIQUE INDEX good_child_name_uq ON good_child (organization_id, lower(name)) INCLUDE (id)`,
  `CREATE TABLE bad_pk (organization_id uuid, id uuid CONSTRAINT bad_pk_pk PRIMARY KEY)`,
  `CREATE TABLE no_pk (organization_id uuid, id uuid)`,
  `CREATE TABLE bad_unique (organization_id uuid, id uuid, code text, CONSTRAINT bad_unique_pk PRIMARY KEY (organization_id, id),
     CONSTRAINT bad_unique_code_uq UNIQUE (code))`,
  `CREATE UNIQUE INDEX bad_unique_lower_code_uq ON bad_unique (lower(code)) INCLUDE (organization_id)`,
  `CREATE TABLE bad_fk (organization_id uuid, other_organization_id uuid, id uuid, parent_code text, parent_id uuid, user_id uuid,
     CONSTRAINT bad_fk_pk PRIMARY KEY (organization_id, id),
     CONSTRAINT bad_fk_code_fk FOREIGN KEY (parent_code) REFERENCES bad_unique (code),
     CONSTRAINT bad_fk_other_pair_fk FOREIGN KEY (other_organization_id, parent_id) REFERENCES good_parent (organization_id, id),
     CONSTRAINT bad_fk_other_organization_fk FOREIGN KEY (other_organization_id) REFERENCES organizations (id),
     CONSTRAINT bad_fk_user_fk FOREIGN KEY (user_id) REFERENCES users (id))`,
  `CREATE TABLE global_sessions (id uuid PRIMARY KEY, active_organization_id uuid, parent_organization_id uuid, parent_id uuid,
     CONSTRAINT global_sessions_organization_fk FOREIGN KEY (active_organization_id) REFERENCES organizations (id),
     CONSTRAINT global_sessions_parent_fk FOREIGN KEY (parent_organization_id, parent_id) REFERENCES good_parent (organization_id, id))`,
];

describeServer('the tenant tables have the shape Citus distributes by organization', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('keeps organization_id in every primary key, unique key and key between tenant tables', async () => {
    const catalog = await readTenantCatalog(database, 'public');
    // The check must not pass because it found nothing to check.
    const tenantTables = catalog.tables.filter((t) => t.isTenant).map((t) => t.table);
    expect(tenantTables).toEqual(expect.arrayContaining(['audit_trail', 'data_points', 'memberships', 'services', 'students']));
    expect(catalog.tables.map((t) => t.table)).toEqual(expect.arrayContaining(['organizations', 'users', 'rate_limit_counters']));
    expect(catalog.keys.filter((k) => k.kind === 'unique index').map((k) => k.name)).toContain('services_name_uq');

    expect(checkTenantCatalog(catalog, ALLOWED)).toEqual([]);
  });

  it('reports every fault of a deliberately broken schema, and nothing about the tables that are right', async () => {
    await database.db.transaction(async (tx) => {
      for (const statement of SELF_CHECK_DDL) {
        await tx.execute(sql.raw(statement));
      }
    });
    try {
      const violations = checkTenantCatalog(await readTenantCatalog(database, SELF_CHECK), { crossReferences: {}, exceptions: {} });
      expect(violations).toEqual([
        'bad_fk: foreign key bad_fk_code_fk (parent_code) → bad_unique (code) does not pair organization_id with bad_unique.organization_id',
        'bad_fk: foreign key bad_fk_other_organization_fk (other_organization_id) → organizations (id) does not pair organization_id with organizations.id',
        'bad_fk: foreign key bad_fk_other_pair_fk (other_organization_id, parent_id) → good_parent (organization_id, id) does not pair organization_id with good_parent.organization_id',
        "bad_fk: foreign key bad_fk_user_fk (user_id) → users (id) reaches a table of no organization: list it as 'bad_fk(user_id) → users(id)' with its reason, if it is meant to",
        'bad_pk: primary key bad_pk_pk (id) lacks organization_id',
        'bad_unique: unique bad_unique_code_uq (code) lacks organization_id',
        'bad_unique: unique index bad_unique_lower_code_uq (lower(code)) lacks organization_id',
        'global_sessions: foreign key global_sessions_organization_fk (active_organization_id) → organizations (id) points from a table of no organization into a distributed one, which Citus refuses',
        'global_sessions: foreign key global_sessions_parent_fk (parent_organization_id, parent_id) → good_parent (organization_id, id) points from a table of no organization into a distributed one, which Citus refuses',
        'no_pk: has no primary key (it needs one that contains organization_id)',
        'organizations: unique organizations_code_uq (code) lacks id',
      ]);

      // The lists accept by exact name, and an entry that matches nothing is a fault of its own.
      const allowed = checkTenantCatalog(await readTenantCatalog(database, SELF_CHECK), {
        crossReferences: { 'bad_fk(user_id) → users(id)': 'accepted here', 'bad_fk(gone_id) → users(id)': 'stale' },
        exceptions: { 'organizations.organizations_code_uq': 'accepted here' },
      });
      expect(allowed).toHaveLength(violations.length - 1);
      expect(allowed.some((v) => v.startsWith('bad_fk: foreign key bad_fk_user_fk') || v.startsWith('organizations:'))).toBe(false);
      expect(allowed).toContain('bad_fk(gone_id) → users(id): listed as allowed but not found in the schema (remove it from the list)');
    } finally {
      await database.db.execute(sql.raw(`DROP SCHEMA ${SELF_CHECK} CASCADE`));
    }
  });
});
