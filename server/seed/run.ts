/**
 * `npm run seed`: opens the configured database (DATABASE_URL, else PGlite under DATA_DIR/pg),
 * migrates it, seeds the demo unless it is already there, prints the sign-ins and closes.
 * `npm run seed -- --scale [factor]` seeds the large benchmark organization instead (scale.ts;
 * factor 1 by default, 0.05 for a quick look), printing its progress.
 * `npm run seed -- --remove-demo` deletes the demo organizations and accounts (remove-demo.ts).
 */
import path from 'node:path';
import { loadConfigOrExit } from '../config';
import { openDatabase } from '../db/client';
import { DEMO_PASSWORD, DEMO_SIGN_INS, seedDemo } from './demo';
import { SCALE_OWNER, seedScale } from './scale';
import { DemoInUse, removeDemo } from './remove-demo';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const database = await openDatabase(
    config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : { dataDir: path.join(config.DATA_DIR, 'pg') },
  );
  try {
    if (process.argv.includes('--remove-demo')) {
      try {
        const removed = await removeDemo(database);
        console.log(
          `Removed the demo: ${removed.organizations} organizations, ${removed.accounts} accounts, ${removed.rows.toLocaleString('en-US')} rows in all.`,
        );
        console.log('Start the server with NODE_ENV=production or SEED_DEMO=false from now on, or it seeds the demo again.');
      } catch (error) {
        if (error instanceof DemoInUse) {
          console.error(error.message);
          process.exitCode = 1;
          return;
        }
        throw error;
      }
      return;
    }
    const scaleAt = process.argv.indexOf('--scale');
    if (scaleAt >= 0) {
      const factor = Number(process.argv[scaleAt + 1] ?? 1);
      if (!(factor > 0 && factor <= 1)) {
        console.error('--scale takes a factor above 0, at most 1 (e.g. 0.05).');
        process.exit(1);
      }
      const report = await seedScale(database, config, { scale: factor, log: (line) => console.log(line) });
      console.log(
        report.created ? `Seeded the scale organization: ${JSON.stringify(report)}` : 'The scale organization is already seeded.',
      );
      console.log(`Sign in as ${SCALE_OWNER} / ${DEMO_PASSWORD}`);
      return;
    }
    const created = await seedDemo(database, config);
    console.log(created ? 'Seeded the demo organizations.' : 'The demo is already seeded; nothing changed.');
    console.log('\nDemo sign-ins:');
    for (const s of DEMO_SIGN_INS) {
      console.log(`  ${s.role.padEnd(28)} ${s.email.padEnd(36)} ${s.password}`);
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error('Seeding failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
