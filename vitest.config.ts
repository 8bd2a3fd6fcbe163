import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { findPostgresBinaries } from './tests/helpers/postgres-binaries';
import { MOCKING_TEST_FILES } from './tests/module-mocks';
import { PGLITE_FILES } from './tests/pglite-files';

const serverTests = ['tests/server/**/*.test.ts'];
const serverMocking = MOCKING_TEST_FILES.filter((file) => file.startsWith('tests/server/'));
// With PostgreSQL 15 at hand every server file runs there, and on PGlite only the files where the
// engine makes a difference (tests/pglite-files.ts); without it, every file runs on PGlite.
const postgresAtHand = findPostgresBinaries() !== null;
const clientMocking = MOCKING_TEST_FILES.filter((file) => file.startsWith('tests/client/'));

/**
 * Vitest's own order (project by project in the order of their names, each project's longest or
 * largest files first), except that the long files start first: the multi-server file (servers
 * started, killed and restarted) and the files of the `…-own-modules` projects, which hold the
 * generated walks of every route (access walk, role matrix, hostile input, routes), on PostgreSQL (and
 * on PGlite when PostgreSQL is not at hand). They are the suite's longest files, and the walks grow
 * with every API call; in name order the PostgreSQL walks come among the last files, where the last of
 * them would run on with the other worker idle.
 */
class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const long = (file: TestSpecification) => file.project.name === 'multi-server' || file.project.name.endsWith('-own-modules');
    return [...sorted.filter(long), ...sorted.filter((file) => !long(file))];
  }
}

/**
 * The server and client projects share a module cache per worker across their files (isolate: false);
 * the few files that mock a module (tests/module-mocks.ts) run in `…-own-modules` twins that don't.
 *
 * The projects:
 * - contract: the zod call shapes, no I/O;
 * - structure: the code's shape (no import cycles between modules or feature folders);
 * - server: the API through app.inject on PGlite, each test file on its own copy of a migrated template:
 *   the files of tests/pglite-files.ts, or every server file when PostgreSQL 15 is not at hand;
 * - server-postgres: every server file on a real PostgreSQL 15 started by the harness
 *   (tests/helpers/postgres-harness.ts); without binaries it says so and the files are skipped;
 * - multi-server: two API servers as processes of their own on the harness's PostgreSQL, behind a
 *   balancer on loopback (starts, restarts, limits, jobs, a drain with one server killed);
 * - client: the PWA's modules in jsdom with an in-memory IndexedDB.
 * Run one with `npx vitest run --project server`.
 */
export default defineConfig({
  test: {
    // Vitest's default is one worker per core but one: a single worker on a 2-core machine, while the
    // main process mostly waits. Two workers took the suite from about 425 s to about 280 s there.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    sequence: { sequencer: LongFilesFirst },
    projects: [
      {
        test: {
          name: 'contract',
          include: ['tests/contract/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'structure',
          include: ['tests/structure/**/*.test.ts'],
          environment: 'node',
        },
      },
      ...(['server', 'server-postgres'] as const).flatMap((name) => {
        const server = {
          environment: 'node' as const,
          globalSetup: [name === 'server' ? 'tests/helpers/pglite-template.ts' : 'tests/helpers/postgres-harness.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        };
        const onlyEngineFiles = name === 'server' && postgresAtHand;
        return [
          {
            test: { ...server, name, include: onlyEngineFiles ? PGLITE_FILES : serverTests, exclude: serverMocking, isolate: false },
          },
          ...(onlyEngineFiles ? [] : [{ test: { ...server, name: `${name}-own-modules`, include: serverMocking } }]),
        ];
      }),
      {
        test: {
          name: 'multi-server',
          include: ['tests/multi-server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/helpers/postgres-harness.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      ...[false, true].map((ownModules) => ({
        test: {
          name: ownModules ? 'client-own-modules' : 'client',
          include: ownModules ? clientMocking : ['tests/client/**/*.test.{ts,tsx}'],
          exclude: ownModules ? [] : clientMocking,
          isolate: ownModules,
          // Vitest's 5 s is a hang guard, and the client files run beside the chaos run: on a busy
          // 2-core machine a long test of the outbox took 5.4 s.
          testTimeout: 15_000,
          environment: 'jsdom' as const,
          setupFiles: ['tests/helpers/client-setup.ts'],
        },
      })),
    ],
  },
});
