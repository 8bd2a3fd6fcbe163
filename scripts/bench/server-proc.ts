import path from 'node:path';
import { testConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { buildApp } from '../../server/app';
import { seedDemo } from '../../server/seed/demo';
import { seedScale } from '../../server/seed/scale';
import { seedScaleCalendarWeek } from '../../server/seed/scale-calendar';
import { seedScaleRecordStudent } from '../../server/seed/scale-record';
import { refreshStatistics } from '../../server/db/statistics';

/**
 * A benchmark server in its own process (so the load generator doesn't share its event loop):
 * the demo seed on in-memory PGlite, or on PostgreSQL when BENCH_DATABASE_URL is set.
 * BENCH_SCALE_WEEKS=n adds the scale organization (2,000 students, 200 therapists; n weeks of sessions),
 * BENCH_SCALE_FACTOR=f shrinking it (0.05 for a quick look);
 * BENCH_SCALE_CALENDAR=1 then plans its next week full (5,000 sessions) for the calendar read;
 * BENCH_SCALE_RECORD=1 gives its first student 20 goals and a year of sessions (the student's page).
 * BENCH_STATIC_DIR=dist serves the built app too (the admin list's render in Chromium).
 * Prints one JSON line {"port": n} when it listens.
 */
async function main() {
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const database = await openDatabase(databaseUrl ? { databaseUrl } : {});
  await seedDemo(database);
  const config = testConfig({
    RATE_LIMIT_AUTH_PER_MINUTE: 100_000,
    PUBLIC_ORIGIN: 'http://localhost:8080',
    BODY_LIMIT_BYTES: 10 * 1024 * 1024,
  });
  if (process.env.BENCH_SCALE_WEEKS) {
    const scale = Number(process.env.BENCH_SCALE_FACTOR ?? 1);
    const report = await seedScale(database, config, { weeks: Number(process.env.BENCH_SCALE_WEEKS), scale });
    console.error(`scale seed: ${JSON.stringify(report)}`);
    if (process.env.BENCH_SCALE_CALENDAR) {
      console.error(`scale calendar week: ${await seedScaleCalendarWeek(database)} sessions`);
    }
    if (process.env.BENCH_SCALE_RECORD) {
      console.error(`scale student record: ${JSON.stringify(await seedScaleRecordStudent(database))}`);
    }
  }
  await refreshStatistics(database); // as server/start.ts does after its seed
  const app = await buildApp({
    config,
    database,
    staticDir: process.env.BENCH_STATIC_DIR ? path.resolve(process.env.BENCH_STATIC_DIR) : null,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
  process.on(
    'SIGTERM',
    () =>
      void app
        .close()
        .then(() => database.close())
        .then(() => process.exit(0)),
  );
}

void main();
