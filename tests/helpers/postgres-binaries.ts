import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const REQUIRED = ['initdb', 'pg_ctl', 'postgres'];

/**
 * PG_BIN_DIR when set (and then only it), else `pg_config --bindir`, else the Debian/Ubuntu location.
 * Kept apart from the harness so that the Vitest config can ask it without importing the server.
 */
export function findPostgresBinaries(): string | null {
  const candidates: string[] = [];
  if (process.env.PG_BIN_DIR) {
    candidates.push(process.env.PG_BIN_DIR);
  } else {
    try {
      candidates.push(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    } catch {
      // no pg_config on PATH
    }
    candidates.push('/usr/lib/postgresql/15/bin');
  }
  for (const dir of candidates) {
    if (dir && REQUIRED.every((bin) => fs.existsSync(path.join(dir, bin)))) {
      const version = spawnSync(path.join(dir, 'postgres'), ['--version'], { encoding: 'utf8' }).stdout ?? '';
      if (/\b15\./.test(version)) {
        return dir;
      }
    }
  }
  return null;
}
