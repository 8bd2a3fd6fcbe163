import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { addMembership } from '../../server/features/memberships';
import type { UserId } from '../../server/lib/ids';
import { DEMO_DOMAINS } from '../../server/lib/demo-accounts';
import { DEMO_SIGN_INS, seedDemo } from '../../server/seed/demo';
import { DemoInUse, removeDemo } from '../../server/seed/remove-demo';
import { createOwner } from '../factories/accounts';
import { allTables, rows } from '../helpers/db';
import { asOwner } from '../helpers/system-context';
import { describeServer, useTestApp } from '../helpers/test-app';

describeServer('npm run seed -- --remove-demo', () => {
  const t = useTestApp();

  /** Rows per table that belong to the organization, or to no organization (the users, for one). */
  async function rowsOf(organizationId: string): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const table of await allTables(t.database)) {
      const [count] = await rows<{ n: number }>(
        t.database.db,
        table === 'organizations'
          ? sql`SELECT count(*)::int AS n FROM organizations WHERE id = ${organizationId}`
          : sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} t
                WHERE (to_jsonb(t) ->> 'organization_id') = ${organizationId}`,
      );
      counts[table] = count!.n;
    }
    return counts;
  }

  it('refuses while a demo account works in another organization, then deletes every row of the demo and nothing else', async () => {
    expect(await seedDemo(t.database)).toBe(true);
    const clinic = await createOwner(t, { organizationName: 'A real clinic' });
    const organizationId = clinic.organizationId!;
    const [jordan] = await rows<{ id: UserId }>(t.database.db, sql`SELECT id FROM users WHERE email = 'jordan.reyes@thera-demo.example'`);
    const membership = await asOwner(t.database, organizationId, (ctx) => addMembership(ctx, { userId: jordan!.id, role: 'therapist' }));

    await expect(removeDemo(t.database)).rejects.toThrow(DemoInUse);
    await expect(removeDemo(t.database)).rejects.toThrow(/memberships \(1\)/);
    expect((await rows(t.database.db, sql`SELECT id FROM users WHERE email = 'jordan.reyes@thera-demo.example'`)).length).toBe(1);

    await t.database.db.execute(sql`DELETE FROM memberships WHERE id = ${membership.id}`);
    const before = await rowsOf(organizationId);
    const demoOrganizations = await rows<{ id: string }>(t.database.db, sql`SELECT id FROM organizations WHERE name <> 'A real clinic'`);
    const removed = await removeDemo(t.database);
    expect(removed.organizations).toBe(2);
    expect(removed.accounts).toBeGreaterThanOrEqual(DEMO_SIGN_INS.length);
    expect(removed.rows).toBeGreaterThan(100);

    const demoUsers = await rows(
      t.database.db,
      sql`SELECT email FROM users WHERE split_part(email, '@', 2) = ANY(string_to_array(${DEMO_DOMAINS.join(',')}, ','))`,
    );
    expect(demoUsers).toEqual([]);
    const organizations = await rows<{ name: string }>(t.database.db, sql`SELECT name FROM organizations`);
    expect(organizations.map((o) => o.name).filter((name) => /Harbor|Maple/.test(name))).toEqual([]);
    expect(await rowsOf(organizationId)).toEqual(before);
    for (const { id } of demoOrganizations) {
      expect(Object.entries(await rowsOf(id)).filter(([, n]) => n > 0)).toEqual([]);
    }
    // The audit trails are append-only again.
    await expect(t.database.db.execute(sql`DELETE FROM audit_trail WHERE false`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`DELETE FROM audit_log WHERE false`)).rejects.toThrow();
    // The demo again on an empty database of demo: the seed sees it gone and makes it anew.
    expect(await seedDemo(t.database)).toBe(true);
  }, 120_000);
});
