import fs from 'node:fs';
import path from 'node:path';

/** What the app's build is made from: a change to any of them after the build means it is out of date. */
const SOURCES = ['src', 'contract', 'sw', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];

function newestChange(entry: string): number {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) {
    return 0;
  }
  if (!stat.isDirectory()) {
    return stat.mtimeMs;
  }
  return Math.max(stat.mtimeMs, ...fs.readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

/**
 * Whether `npm start` must build the app first: no build yet, or a source changed after it (a `git
 * pull` or an edit), which would otherwise serve yesterday's screens against today's API. Reading the
 * times of about a thousand files takes a few milliseconds.
 */
export function appBuildIsStale(rootDir: string, staticDir: string): boolean {
  const built = fs.statSync(path.join(staticDir, 'index.html'), { throwIfNoEntry: false });
  if (!built) {
    return true;
  }
  return SOURCES.some((source) => newestChange(path.join(rootDir, source)) > built.mtimeMs);
}
