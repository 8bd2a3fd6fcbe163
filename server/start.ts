import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { loadConfigOrExit } from './config';
import { openDatabase, type Database } from './db/client';
import { buildApp, defaultStaticDir } from './app';
import { seedDemo, DEMO_SIGN_INS } from './seed/demo';
import { startJobs } from './lib/jobs';
import { defineHousekeeping } from './housekeeping';
import { keepStatisticsFresh } from './db/statistics';
import { mailSenderFromConfig } from './lib/mail/sender';
import { appBuildIsStale } from './lib/app-build';
import { portInUse, portInUseMessage } from './lib/port-check';

/** `npm start`: build the PWA if needed, open (create, migrate, seed) the database, serve both. */
async function main() {
  const config = loadConfigOrExit();
  if (await portInUse(config.PORT, config.HOST)) {
    console.error(portInUseMessage(config.PORT));
    process.exit(1);
  }
  // THERA_REBUILD=1 builds whatever the times say, =0 never (the e2e runner builds once for all its servers).
  const rebuild = process.env.THERA_REBUILD;
  const needsBuild = rebuild === '1' || (rebuild !== '0' && appBuildIsStale(path.dirname(defaultStaticDir), defaultStaticDir));
  if (config.SERVE_APP && needsBuild) {
    console.log('Building the app (first run, or its sources changed since the last build)…');
    execFileSync(process.execPath, [path.join('node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], {
      stdio: 'inherit',
    });
  }
  // The demo seed runs under the start-up lock: servers starting together on one PostgreSQL seed once.
  const seed = async (opened: Database) => {
    if (await seedDemo(opened)) {
      console.log('Seeded the demo organizations.');
    }
  };
  const database = await openDatabase({
    ...(config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : { dataDir: path.join(config.DATA_DIR, 'pg') }),
    ...(config.SEED_DEMO ? { prepare: seed } : {}),
  });
  const app = await buildApp({ config, database, staticDir: config.SERVE_APP ? defaultStaticDir : null });
  // The embedded database has no autovacuum: its planner gets statistics here, then every hour.
  await keepStatisticsFresh(database, (error) => app.log.error({ err: error }, 'refreshing the planner statistics failed'));
  // The queue's schema and queues are made under the start-up lock too: pg-boss makes each queue a
  // partition of its job table, and two servers making the same ones at once could deadlock.
  const jobs = await database.duringStartUp(async () => {
    const started = await startJobs(database, { log: app.log, pollingSeconds: config.JOB_POLL_SECONDS });
    await defineHousekeeping(started, database);
    return started;
  });
  // E-mail queued by calls goes out from here, beside the jobs and stopped with them.
  const mail = mailSenderFromConfig(database, config, app.log);
  mail.start();
  let stopping: Promise<void> | null = null;
  // A rolling restart loses nothing: not ready first (the load balancer stops sending), answers
  // still given for SHUTDOWN_DELAY_MS, then no new connections, what is in flight finished, jobs
  // running here finished (or handed back to the queue), and only then the database let go.
  const stop = (delayMs: number) =>
    (stopping ??= (async () => {
      app.lifecycle.stopping = true;
      app.log.info({ delayMs }, 'stopping: reporting not ready');
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      await jobs.stop();
      await mail.stop();
      await app.close();
      await database.close();
      process.exit(0);
    })());
  process.on('SIGTERM', () => void stop(config.SHUTDOWN_DELAY_MS));
  // Ctrl+C at a terminal: no load balancer to wait for.
  process.on('SIGINT', () => void stop(0));
  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const origin = `http://localhost:${typeof address === 'object' && address ? address.port : config.PORT}`;
  console.log(`\nThera is running at ${origin}  (API docs: ${origin}/api/docs)`);
  console.log(
    `Database: ${database.kind === 'pglite' ? `embedded PGlite in ${path.join(config.DATA_DIR, 'pg')}` : 'PostgreSQL (DATABASE_URL)'}`,
  );
  if (config.SEED_DEMO && config.DEMO_SIGN_IN) {
    console.log(`\nDemo sign-ins (open ${origin}, password ${DEMO_SIGN_INS[0]?.password ?? ''} for every account):`);
    for (const s of DEMO_SIGN_INS) {
      console.log(`  ${s.role.padEnd(28)} ${s.email}`);
    }
    console.log(
      '\nFor a real clinic, start without the demo (NODE_ENV=production, or SEED_DEMO=false on a new DATA_DIR), or remove it later with npm run seed -- --remove-demo (README, "Running it for a real clinic").',
    );
  } else if (!config.DEMO_SIGN_IN) {
    console.log('\nThe demo accounts cannot sign in here (NODE_ENV=production or an https PUBLIC_ORIGIN; SEED_DEMO=true allows them).');
  }
}

void main();
