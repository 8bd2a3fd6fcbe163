/**
 * `npm run seed`: opens the configured database (DATABASE_URL, else PGlite under DATA_DIR/pg),
 * migrates it, seeds the demo unless it is already there, prints the sign-ins and closes.
 */
import path from 'node:path';
import { ConfigError, loadConfig } from '../../config';
import { openDatabase } from '../client';
import { DEMO_SIGN_INS, seedDemo } from './demo';

async function main(): Promise<void> {
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
  const database = await openDatabase(
    config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : { dataDir: path.join(config.DATA_DIR, 'pg') },
  );
  try {
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
