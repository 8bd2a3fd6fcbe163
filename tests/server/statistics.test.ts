/**
 * The planner's statistics: PGlite runs no autovacuum, so the server analyzes at start and every hour
 * (server/db/statistics.ts). Without them the students directory's page of 100 took 110 ms on the scale
 * organization, 24 ms with them.
 */
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { refreshStatistics } from '../../server/db/statistics';
import { createUser } from '../factories/accounts';
import { rows } from '../helpers/db';
import { describeServer, useTestApp } from '../helpers/test-app';

const t = useTestApp();
const statsOf = async (table: string) =>
  (
    await rows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM pg_stats WHERE schemaname = 'public' AND tablename = ${table}`,
    )
  )[0]!.n;

describeServer('planner statistics', () => {
  it('gives the planner statistics of every table with rows', async () => {
    await createUser(t);
    await createUser(t);
    await refreshStatistics(t.database);
    expect(await statsOf('users')).toBeGreaterThan(0);
  });
});
