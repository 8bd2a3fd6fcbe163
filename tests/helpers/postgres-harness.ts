import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { openDatabase } from '../../server/db/client';
import './provided';
import { findPostgresBinaries } from './postgres-binaries';

export const POSTGRES_MISSING = 'PostgreSQL 15 binaries not found: server-postgres project skipped';
const OWNER_ROLE = 'thera_owner';
/** Migrated once per run; each test file's database is a copy of it. */
const TEMPLATE_DATABASE = 'thera_template';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** PostgreSQL refuses to run as root: as root, run its tools as the `postgres` system user. */
function runAs(): { user: string | null } {
  if (process.getuid?.() !== 0) {
    return { user: null };
  }
  const exists = spawnSync('id', ['-u', 'postgres'], { stdio: 'ignore' }).status === 0;
  if (!exists) {
    execFileSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres'], { stdio: 'inherit' });
  }
  return { user: 'postgres' };
}

function run(user: string | null, bin: string, args: string[]): void {
  const [cmd, argv] = user ? ['runuser', ['-u', user, '--', bin, ...args]] : [bin, args];
  const result = spawnSync(cmd, argv, { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${path.basename(bin)} failed (${result.status}): ${result.stderr || result.stdout}`);
  }
}

/**
 * Global setup of the server-postgres project: initdb a temporary cluster, start it on a free
 * loopback port (socket in the same temporary folder), and create the non-superuser owner role the
 * app migrates and runs as — so FORCE'd row-level security is exercised as in production.
 * Then one database is migrated from empty (migrations, row-level security, back-fills: 1.5–2 s), and
 * each test file's database is a copy of it (CREATE DATABASE … TEMPLATE: about 0.1 s), as the server
 * project's files copy PGlite's migrated template. The path from an empty database still runs: here
 * once per run, in the multi-server files, and wherever a file asks newPostgresDatabase for an empty
 * one. Stopped in teardown.
 */
export default async function setup(project: TestProject) {
  const binDir = findPostgresBinaries();
  if (!binDir) {
    console.warn(`\n${POSTGRES_MISSING}\n`);
    project.provide('postgres', null);
    project.provide('pgliteTemplate', '');
    return;
  }
  const { user } = runAs();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'thera-pg-'));
  const dataDir = path.join(dir, 'data');
  if (user) {
    fs.chmodSync(dir, 0o700);
    execFileSync('chown', ['-R', `${user}:`, dir]);
  }
  const port = await freePort();
  const started = Date.now();
  run(user, path.join(binDir, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions']);
  const settings = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
  ];
  run(user, path.join(binDir, 'pg_ctl'), [
    '-D',
    dataDir,
    '-l',
    path.join(dir, 'server.log'),
    '-o',
    settings.join(' '),
    '-w',
    '-t',
    '60',
    'start',
  ]);

  const adminUrl = `postgresql://postgres@127.0.0.1:${port}/postgres`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // Created here once, not by each file's migration, so parallel files don't race on cluster-wide roles.
  await admin.query(`CREATE ROLE ${OWNER_ROLE} LOGIN CREATEDB CREATEROLE`);
  await admin.query('CREATE ROLE thera_app NOLOGIN NOSUPERUSER NOBYPASSRLS');
  await admin.query(`GRANT thera_app TO ${OWNER_ROLE}`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE} OWNER ${OWNER_ROLE}`);
  await admin.end();
  const ownerUrlBase = `postgresql://${OWNER_ROLE}@127.0.0.1:${port}/`;
  // Closed before any copy: PostgreSQL copies a template only while no one is connected to it.
  await (await openDatabase({ databaseUrl: `${ownerUrlBase}${TEMPLATE_DATABASE}` })).close();
  console.log(`PostgreSQL 15 started on 127.0.0.1:${port} and its template migrated in ${Date.now() - started} ms`);

  project.provide('postgres', { adminUrl, ownerUrlBase, ownerRole: OWNER_ROLE, templateDatabase: TEMPLATE_DATABASE });
  project.provide('pgliteTemplate', '');

  return () => {
    try {
      run(user, path.join(binDir, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
}
