import path from 'node:path';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { buildApp, defaultStaticDir } from './app';
import { seedDemo, DEMO_SIGN_INS } from './db/seed/demo';
import { pruneIdempotencyRecords } from './plugins/idempotency';
import { keepStatisticsFresh } from './db/statistics';

/** `npm start`: build the PWA if needed, open (create, migrate, seed) the database, serve both. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  if (!fs.existsSync(path.join(defaultStaticDir, 'index.html')) || process.env.THERA_REBUILD === '1') {
    console.log('Building the app (first run)…');
    execFileSync(process.execPath, [path.join('node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], {
      stdio: 'inherit',
    });
  }
  const database = await openDatabase(
    config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : { dataDir: path.join(config.DATA_DIR, 'pg') },
  );
  if (config.SEED_DEMO) {
    const created = await seedDemo(database);
    if (created) {
      console.log('Seeded the demo organizations.');
    }
  }
  const app = await buildApp({ config, database });
  // The embedded database has no autovacuum: its planner gets statistics here, then every hour.
  await keepStatisticsFresh(database, (error) => app.log.error({ err: error }, 'refreshing the planner statistics failed'));
  // Idempotency records are kept 30 days (design.md), then removed: at start and every 6 hours.
  const prune = () =>
    void pruneIdempotencyRecords({ server: app }).catch((error: unknown) => app.log.error({ err: error }, 'idempotency prune failed'));
  prune();
  setInterval(prune, 6 * 3600_000).unref();
  const close = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void close());
  process.on('SIGTERM', () => void close());
  await app.listen({ port: config.PORT, host: config.HOST });
  const origin = `http://localhost:${config.PORT}`;
  console.log(`\nThera is running at ${origin}  (API docs: ${origin}/api/docs)`);
  console.log(
    `Database: ${database.kind === 'pglite' ? `embedded PGlite in ${path.join(config.DATA_DIR, 'pg')}` : 'PostgreSQL (DATABASE_URL)'}`,
  );
  if (config.SEED_DEMO) {
    console.log(`\nDemo sign-ins (open ${origin}, password ${DEMO_SIGN_INS[0]?.password ?? ''} for every account):`);
    for (const s of DEMO_SIGN_INS) {
      console.log(`  ${s.role.padEnd(28)} ${s.email}`);
    }
  }
}

void main();
