import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as Record<string, unknown>;

/**
 * `npm install` warns (EBADENGINE) for every package that wants a newer Node than the one running: the
 * oldest Node that package.json promises must satisfy each installed package, or the promise is false.
 * Optional packages are left out: npm skips one that does not fit, without a warning.
 */
describe('the Node version package.json promises', () => {
  it('satisfies every package the lockfile installs', () => {
    const promised = (read('package.json').engines as { node: string }).node;
    const oldest = semver.minVersion(promised)!.version;
    const packages = read('package-lock.json').packages as Record<string, { engines?: { node?: string }; optional?: boolean }>;
    const wantNewer = Object.entries(packages)
      .filter(([name, entry]) => name !== '' && !entry.optional && entry.engines?.node && !semver.satisfies(oldest, entry.engines.node))
      .map(([name, entry]) => `${name.replace(/^.*node_modules\//, '')} wants Node ${entry.engines!.node}`);
    expect(wantNewer).toEqual([]);
  });
});
