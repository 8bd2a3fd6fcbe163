import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every server feature is a configuration of the same rails (docs/architecture.md): the same
 * files with the same jobs, services that take a context first (the organization's
 * RequestContext, or for a user's own calls the UserContext / PublicContext), routes that only
 * connect a contract call to a service, and a registration in the central list. There are no
 * exceptions: a new feature folder is held to the same shape from its first file.
 */
const root = path.resolve(import.meta.dirname, '../..');
const FEATURES = path.join(root, 'server/features');

/** A file's job is its name, or its name before the first `-` when a job outgrew one file (`service-team.ts`). */
const JOBS = ['routes', 'service', 'repository', 'present', 'transitions', 'index'] as const;
/**
 * Every feature holds its rules and its SQL. Only a feature that answers calls (one registered in
 * server/features/register.ts) has routes and presents rows as the contract's answers: a feature
 * other features and the seed call, with no calls of its own yet, has neither.
 */
const REQUIRED = ['service', 'repository'] as const;
const REQUIRED_OF_CALLS = ['routes', 'present'] as const;
/** The contexts a service may take first: an organization's call, a user's own call, a public call. */
const CONTEXTS = ['RequestContext', 'UserContext', 'PublicContext'];

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
const central = fs.readFileSync(path.join(FEATURES, 'register.ts'), 'utf8');
const answersCalls = (feature: string) => central.includes(`from './${feature}/routes'`);

/** What keeps a feature off the rails, in sentences; none means it is on them. */
function problemsOf(feature: string): string[] {
  const files = filesOf(feature);
  const problems: string[] = [];
  for (const file of files) {
    if (!(JOBS as readonly string[]).includes(jobOf(file))) {
      problems.push(`${file} has no job of the file set (${JOBS.join(', ')})`);
    }
  }
  for (const job of answersCalls(feature) ? [...REQUIRED, ...REQUIRED_OF_CALLS] : REQUIRED) {
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

/** Every exported async function of a service (one that reaches the database) takes one of the contexts first, as `ctx`. */
function serviceProblems(feature: string, files: string[]): string[] {
  return files
    .filter((file) => jobOf(file) === 'service')
    .flatMap((file) =>
      [...read(feature, file).matchAll(/export async function (\w+)(?:<[^(]*>)?\(\s*(\w*)(?::\s*(\w+))?/g)]
        .filter(([, , first, type]) => first !== 'ctx' || !CONTEXTS.includes(type ?? ''))
        .map(([, name]) => `${file}: ${name} does not take a context first (ctx: ${CONTEXTS.join(' | ')})`),
    );
}

describe('the shape of server features', () => {
  for (const feature of features) {
    it(`${feature} has the file set, context-first services and thin routes`, () => {
      expect(problemsOf(feature)).toEqual([]);
    });
  }

  it('registers every feature that has routes in the central list, once', () => {
    for (const feature of features.filter((f) => fs.existsSync(path.join(FEATURES, f, 'routes.ts')))) {
      expect(central.match(new RegExp(`from '\\./${feature}/routes'`, 'g')), feature).toHaveLength(1);
    }
  });
});
