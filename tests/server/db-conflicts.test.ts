/**
 * Two people saving the same thing at the same moment: both pass the service's own check, the
 * database keeps the second out with a unique constraint, and the loser must hear what the check
 * would have said (409, on the field), never a 500 that a device would retry five times.
 *
 * Every unique constraint and unique index of the migrated schema is classified in
 * server/lib/db-errors.ts (raced: answered 409; or resolved by its feature), so a constraint added
 * later fails here until someone decides what its race answers.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../server/app';
import { testConfig } from '../../server/config';
import { rowsOf } from '../../server/db/handles';
import { RESOLVED_UNIQUE_CONSTRAINTS } from '../../server/lib/db-errors';
import { RACED_UNIQUE_CONSTRAINTS } from '../../server/features/register';
import { describeServer, openTestDatabase, type TestApp } from '../helpers/test-app';
import { createOwner, type SignedInUser } from '../factories/accounts';

describeServer('unique constraints met in a race', () => {
  const t = {} as TestApp;
  let owner: SignedInUser;

  beforeAll(async () => {
    const database = await openTestDatabase();
    const config = testConfig({ RATE_LIMIT_AUTH_PER_MINUTE: 100_000 });
    const app = await buildApp({ config, database, staticDir: null });
    // What two simultaneous requests do: both passed the service's check, then the second write
    // meets the constraint (a test route, so the race needs no timing).
    const orgId = () => owner.organizationId!;
    app.post('/api/test/raced-department/', { config: { access: { kind: 'public' } } }, async () => {
      for (let i = 0; i < 2; i += 1) {
        await database.db.execute(sql`INSERT INTO departments (organization_id, id, name) VALUES (${orgId()}, ${randomUUID()}, 'Speech')`);
      }
      return { ok: true };
    });
    // An invariant no request can break (server-made organization codes): meeting it is a bug.
    app.post('/api/test/broken-invariant/', { config: { access: { kind: 'public' } } }, async () => {
      const [row] = rowsOf<{ code: string }>(await database.db.execute(sql`SELECT code FROM organizations WHERE id = ${orgId()}`));
      await database.db.execute(
        sql`INSERT INTO organizations (id, code, name, kind, owner_user_id) VALUES (${randomUUID()}, ${row!.code}, 'Twin', 'clinic', ${owner.id})`,
      );
      return { ok: true };
    });
    await app.ready();
    Object.assign(t, {
      app,
      database,
      config,
      close: async () => {
        await app.close();
        await database.close();
      },
    });
    owner = await createOwner(t);
  });
  afterAll(async () => {
    await t.close?.();
  });

  it('classifies every unique constraint and unique index of the schema', async () => {
    const found = rowsOf<{ name: string }>(
      await t.database.db.execute(sql`
        SELECT c.conname AS name FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
        WHERE c.contype = 'u' AND n.nspname = 'public'
        UNION
        SELECT i.indexname AS name FROM pg_indexes i
        WHERE i.schemaname = 'public' AND i.indexdef LIKE 'CREATE UNIQUE INDEX%'
          AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)
        ORDER BY name`),
    ).map((r) => r.name);
    expect(found.length).toBeGreaterThan(10);
    const classified = new Set([...Object.keys(RACED_UNIQUE_CONSTRAINTS), ...RESOLVED_UNIQUE_CONSTRAINTS]);
    expect(found.filter((name) => !classified.has(name))).toEqual([]);
    // And nothing classified that the schema no longer has.
    expect([...classified].filter((name) => !found.includes(name))).toEqual([]);
  });

  it('answers the second of two departments saved with the same name 409 on the name, and a bug 500', async () => {
    const raced = await t.app.inject({ method: 'POST', url: '/api/test/raced-department/' });
    expect(raced.statusCode, raced.body).toBe(409);
    expect(raced.json()).toMatchObject({
      code: 'CONFLICT',
      detail: 'A department with this name already exists.',
      errors: { name: ['A department with this name already exists.'] },
    });
    const bug = await t.app.inject({ method: 'POST', url: '/api/test/broken-invariant/' });
    expect(bug.statusCode, bug.body).toBe(500);
  });
});
