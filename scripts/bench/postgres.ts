import pg from 'pg';
import setupPostgres from '../../tests/helpers/postgres-harness';

/** A throw-away PostgreSQL 15 for the benchmark, started by the test harness; null without binaries. */
export async function startPostgres(): Promise<{ url: string; stop: () => void } | null> {
  const provided: Record<string, unknown> = {};
  const project = { provide: (key: string, value: unknown) => void (provided[key] = value) };
  const teardown = await setupPostgres(project as never);
  const pgInfo = provided.postgres as { adminUrl: string; ownerUrlBase: string; ownerRole: string } | null;
  if (!pgInfo || !teardown) {
    return null;
  }
  const admin = new pg.Client({ connectionString: pgInfo.adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE thera_bench OWNER ${pgInfo.ownerRole}`);
  await admin.end();
  return { url: `${pgInfo.ownerUrlBase}thera_bench`, stop: () => teardown() };
}
