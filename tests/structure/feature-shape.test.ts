import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every server feature is a configuration of the same rails (docs/architecture.md): the same
 * files with the same jobs, services that take the request context first, routes that only
 * connect a contract call to a service, and a registration in the central list.
 *
 * Features built before the rails are listed in NOT_YET_ON_THE_RAILS; the list may only shrink
 * (a listed feature that already passes fails the test, so a rebuilt one must leave the list).
 */
const root = path.resolve(import.meta.dirname, '../..');
const FEATURES = path.join(root, 'server/features');

/** A file's job is its name, or its name before the first `-` when a job outgrew one file (`service-team.ts`). */
const JOBS = ['routes', 'service', 'repository', 'present', 'transitions', 'index'] as const;
const REQUIRED = ['routes', 'service', 'repository', 'present'] as const;

export const NOT_YET_ON_THE_RAILS = ['accounts', 'enrollments', 'family', 'memberships', 'organizations'];

const features = fs
  .readdirSync(FEATURES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

const filesOf = (feature: string) =>
  fs
    .readdirSync(path.join(FEATURES, feature))
    .filter((name) => name.endsWith('.ts'))
    .sort();
const read = (feature: string, file: string) => fs.readFileSync(path.join(FEATURES, feature, file), 'utf8');
const jobOf = (file: string) => file.replace(/\.ts$/, '').split('-')[0]!;

/** What keeps a feature off the rails, in sentences; none means it is on them. */
function problemsOf(feature: string): string[] {
  const files = filesOf(feature);
  const problems: string[] = [];
  for (const file of files) {
    if (!(JOBS as readonly string[]).includes(jobOf(file))) {
      problems.push(`${file} has no job of the file set (${JOBS.join(', ')})`);
    }
  }
  for (const job of REQUIRED) {
    if (!files.includes(`${job}.ts`)) {
      problems.push(`${job}.ts is missing`);
    }
  }
  problems.push(...routeProblems(feature, files), ...serviceProblems(feature, files));
  return problems;
}

/** Routes connect a call to a service: no transaction, no access check, no rule of their own. */
function routeProblems(feature: string, files: string[]): string[] {
  return files
    .filter((file) => jobOf(file) === 'routes')
    .flatMap((file) => {
      const text = read(feature, file);
      const found: string[] = [];
      for (const [pattern, what] of [
        [/\btx\b/, 'uses the transaction'],
        [/\btrail\b/, 'uses the trail directly'],
        [/\bauthorize|requireAssignmentsReadable|permissions\.has/, 'checks access'],
        [/\bAppError\b|\bthrow\b/, 'fails on its own'],
        [/\bif \(|\bfor \(|\.map\(/, 'holds logic'],
        [/from '\.\/repository/, 'reads the repository'],
      ] as const) {
        if (pattern.test(text)) {
          found.push(`${file} ${what}`);
        }
      }
      return found;
    });
}

/** Every exported async function of a service (one that reaches the database) takes the request context first. */
function serviceProblems(feature: string, files: string[]): string[] {
  return files
    .filter((file) => jobOf(file) === 'service')
    .flatMap((file) =>
      [...read(feature, file).matchAll(/export async function (\w+)(?:<[^(]*>)?\(\s*(\w*)/g)]
        .filter(([, , first]) => first !== 'ctx')
        .map(([, name]) => `${file}: ${name} does not take the request context first`),
    );
}

describe('the shape of server features', () => {
  for (const feature of features.filter((f) => !NOT_YET_ON_THE_RAILS.includes(f))) {
    it(`${feature} has the file set, context-first services and thin routes`, () => {
      expect(problemsOf(feature)).toEqual([]);
    });
  }

  it('lists only features that are still off the rails', () => {
    const done = NOT_YET_ON_THE_RAILS.filter((feature) => features.includes(feature) && problemsOf(feature).length === 0);
    expect(done, 'on the rails now: take them off NOT_YET_ON_THE_RAILS').toEqual([]);
    expect(NOT_YET_ON_THE_RAILS.filter((feature) => !features.includes(feature))).toEqual([]);
  });

  it('registers every feature that has routes in the central list, once', () => {
    const central = fs.readFileSync(path.join(FEATURES, 'register.ts'), 'utf8');
    for (const feature of features.filter((f) => fs.existsSync(path.join(FEATURES, f, 'routes.ts')))) {
      expect(central.match(new RegExp(`from '\\./${feature}/routes'`, 'g')), feature).toHaveLength(1);
    }
  });
});
