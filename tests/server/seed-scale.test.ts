/**
 * The scale seed at a small factor: it builds what it reports through the services (every count
 * checked in the database, the past sessions completed with their trials), the dashboard and the
 * directories read it, and a second run changes nothing.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client';
import { rows } from '../helpers/db';
import { describeServer, openTestDatabase, postgresMissing } from '../helpers/test-app';
import { seedScale, type ScaleReport } from '../../server/seed/scale';
import { testConfig } from '../../server/config';

let database: Database;
let report: ScaleReport;

beforeAll(async () => {
  if (postgresMissing) {
    return;
  }
  database = await openTestDatabase();
  report = await seedScale(database, testConfig(), { scale: 0.02 });
}, 240_000);
afterAll(async () => {
  await database?.close();
});

describeServer('the scale seed', () => {
  it('builds the organization it reports, past sessions completed with ten trials each', async () => {
    expect(report).toMatchObject({ created: true, students: 40, parents: 20, therapists: 4, departments: 1 });
    const [org] = await rows<{ id: string }>(database.db, sql`SELECT id FROM organizations WHERE name = 'Scale Clinic'`);
    const count = async (query: ReturnType<typeof sql>) => (await rows<{ n: number }>(database.db, query))[0]!.n;
    expect(await count(sql`SELECT count(*)::int AS n FROM students WHERE organization_id = ${org!.id}`)).toBe(40);
    expect(await count(sql`SELECT count(*)::int AS n FROM memberships WHERE organization_id = ${org!.id} AND role = 'therapist'`)).toBe(4);
    expect(report).toMatchObject({ programs: 1, classrooms: 1, services: 6 });
    expect(await count(sql`SELECT count(*)::int AS n FROM services WHERE organization_id = ${org!.id}`)).toBe(6);
    expect(await count(sql`SELECT count(*)::int AS n FROM services WHERE organization_id = ${org!.id} AND NOT is_active`)).toBe(1);
    // Every student is a parent's child (two each).
    expect(
      await count(sql`SELECT count(DISTINCT c.parent_user_id)::int AS n FROM students s JOIN children c ON c.id = s.child_id
        WHERE s.organization_id = ${org!.id}`),
    ).toBe(20);
    // Every student sits in a classroom and is in a program.
    expect(await count(sql`SELECT count(*)::int AS n FROM classroom_students WHERE organization_id = ${org!.id}`)).toBe(40);
    expect(await count(sql`SELECT count(*)::int AS n FROM program_students WHERE organization_id = ${org!.id}`)).toBe(40);
    expect(await count(sql`SELECT count(*)::int AS n FROM therasessions WHERE organization_id = ${org!.id}`)).toBe(report.sessions);
    const completed = await count(
      sql`SELECT count(*)::int AS n FROM therasessions WHERE organization_id = ${org!.id} AND status = 'completed'`,
    );
    expect(completed).toBeGreaterThan(0);
    expect(await count(sql`SELECT count(*)::int AS n FROM data_points WHERE organization_id = ${org!.id}`)).toBe(completed * 10);
    expect(report.points).toBe(completed * 10);
    // Nothing in the future is started.
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM therasessions WHERE organization_id = ${org!.id} AND status <> 'scheduled' AND end_at > now()`,
      ),
    ).toBe(0);
  });

  it('does nothing the second time', async () => {
    expect((await seedScale(database, testConfig(), { scale: 0.02 })).created).toBe(false);
  });
});
