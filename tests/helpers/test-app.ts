import crypto from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { testConfig, type Config } from '../../server/config';
import { openDatabase, type Database, type DatabaseOptions } from '../../server/db/client';
import { buildApp } from '../../server/app';
import './provided';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

const postgres = inject('postgres');
/** True in the server-postgres project when the harness found no PostgreSQL 15 binaries. */
export const postgresMissing = postgres === null && inject('pgliteTemplate') === '';

/**
 * `describe` for server suites: in the server-postgres project without PostgreSQL binaries the
 * suite is reported as skipped (the harness printed why) instead of passing silently.
 */
export const describeServer = (postgresMissing ? describe.skip : describe) as typeof describe;

/**
 * A database on the harness's PostgreSQL (server-postgres project only): empty, or a copy of the
 * harness's migrated template; answers its URL.
 */
export async function newPostgresDatabase(from: 'empty' | 'migrated' = 'empty'): Promise<string> {
  if (!postgres) {
    throw new Error('no PostgreSQL in this project');
  }
  const name = `thera_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgres.adminUrl });
  await admin.connect();
  try {
    const template = from === 'migrated' ? ` TEMPLATE ${postgres.templateDatabase}` : '';
    await admin.query(`CREATE DATABASE ${name} OWNER ${postgres.ownerRole}${template}`);
  } finally {
    await admin.end();
  }
  return `${postgres.ownerUrlBase}${name}`;
}

/**
 * A fresh database for one test file: a copy of the migrated PGlite template (server project), or a
 * copy of the harness's migrated database on PostgreSQL (server-postgres), opened through
 * openDatabase, whose migrations and row-level security find nothing left to do.
 */
export async function openTestDatabase(options: Pick<DatabaseOptions, 'onQuery'> = {}): Promise<Database> {
  if (postgres) {
    return openDatabase({ databaseUrl: await newPostgresDatabase('migrated'), ...options });
  }
  if (postgresMissing) {
    throw new Error('PostgreSQL 15 binaries not found: use describeServer so the suite is skipped');
  }
  const dump = fs.readFileSync(inject('pgliteTemplate'));
  return openDatabase({ loadDataDir: new Blob([dump]), migrate: false, ...options });
}

/**
 * Builds the app on a fresh database. Rate limits are raised out of the way (every inject comes
 * from 127.0.0.1); tests of the limits pass their own RATE_LIMIT_AUTH_PER_MINUTE.
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  databaseOptions: Pick<DatabaseOptions, 'onQuery'> = {},
): Promise<TestApp> {
  const database = await openTestDatabase(databaseOptions);
  const config = testConfig({ RATE_LIMIT_AUTH_PER_MINUTE: 100_000, ...overrides });
  const app = await buildApp({ config, database, staticDir: null });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** One app per test file: built in beforeAll, closed in afterAll; read its fields inside tests. */
export function useTestApp(overrides: Partial<Config> = {}): TestApp {
  const holder = {} as TestApp;
  beforeAll(async () => {
    Object.assign(holder, await createTestApp(overrides));
  });
  afterAll(async () => {
    await holder.close?.();
  });
  return holder;
}
