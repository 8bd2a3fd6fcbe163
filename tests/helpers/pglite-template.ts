import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { openDatabase, migrationsFolder } from '../../server/db/client';
import './provided';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const cacheDir = path.join(root, '.tmp');

/**
 * Everything that shapes the migrated template: the migrations, the RLS set-up, the database
 * client and the PGlite version. A change to any of them builds a new template.
 */
function templateKey(): string {
  const hash = crypto.createHash('sha256');
  const files = fs.readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort();
  for (const file of files) {
    const full = path.join(migrationsFolder, file);
    if (fs.statSync(full).isFile()) {
      hash.update(file).update(fs.readFileSync(full));
    }
  }
  for (const file of ['server/db/rls.ts', 'server/db/client.ts', 'node_modules/@electric-sql/pglite/package.json']) {
    hash.update(file).update(fs.readFileSync(path.join(root, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

/** Templates of older schemas, untouched for a day, go (a parallel run may still use a recent one). */
function pruneOldTemplates(current: string): void {
  const dayAgo = Date.now() - 24 * 3_600_000;
  for (const name of fs.readdirSync(cacheDir)) {
    const full = path.join(cacheDir, name);
    if (name.startsWith('pglite-template-') && full !== current && fs.statSync(full).mtimeMs < dayAgo) {
      fs.rmSync(full, { force: true });
    }
  }
}

/**
 * Migrates a PGlite database once (initdb and migrations take 5–12 s) and dumps its data
 * directory to `.tmp/`; each test file then loads that dump (about 0.5 s) instead of migrating.
 * The dump is keyed by templateKey(), so an unchanged schema reuses the last run's dump;
 * THERA_FRESH_TEMPLATE=1 forces a rebuild.
 */
export default async function setup(project: TestProject) {
  fs.mkdirSync(cacheDir, { recursive: true });
  const file = path.join(cacheDir, `pglite-template-${templateKey()}.tar`);
  if (!fs.existsSync(file) || process.env.THERA_FRESH_TEMPLATE === '1') {
    const started = Date.now();
    const database = await openDatabase({});
    const blob = await database.dumpDataDir!();
    await database.close();
    // Written under a temporary name and renamed, so a parallel run never reads half a file.
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, Buffer.from(await blob.arrayBuffer()));
    fs.renameSync(partial, file);
    console.log(`PGlite template migrated in ${Date.now() - started} ms (${path.relative(root, file)})`);
  }
  pruneOldTemplates(file);
  project.provide('pgliteTemplate', file);
  project.provide('postgres', null);
}
