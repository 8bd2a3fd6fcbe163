/**
 * The server files that run on PGlite as well when PostgreSQL 15 is at hand (every server file runs on
 * PostgreSQL 15 then, and on PGlite when it is not).
 *
 * The calls are the same SQL on both engines, and PGlite is PostgreSQL itself compiled to WebAssembly:
 * a call's rules, access and answers do not change with the engine, and the generated walks of every
 * route took three times the CPU on PGlite for no finding of their own. What does change is the engine
 * around the SQL, so these files run on both: the database layer (one connection whose turns the app
 * takes, conflicts, snapshots), the collector's point path and its statement counts, exactly-once
 * delivery, the job queue and the mail outbox on it, races between calls, the demo seed that `npm
 * start` runs and its removal, the planner statistics PGlite needs, row-level security and the tenancy
 * of every table, and registration. Playwright's specs and the chaos run drive a server on PGlite end
 * to end as well.
 * tests/structure/pglite-files.test.ts checks that each name is a file.
 */
export const PGLITE_FILES = [
  'tests/server/db-conflicts.test.ts',
  'tests/server/db-snapshot.test.ts',
  'tests/server/db-turns.test.ts',
  'tests/server/collector.test.ts',
  'tests/server/collector-conflicts.test.ts',
  'tests/server/collector-order.test.ts',
  'tests/server/collector-planned-start.test.ts',
  'tests/server/collector-statements.test.ts',
  'tests/server/idempotency.test.ts',
  'tests/server/outbox-protocol.test.ts',
  'tests/server/jobs.test.ts',
  'tests/server/mail-outbox.test.ts',
  'tests/server/mail-outbox-two-senders.test.ts',
  'tests/server/scheduling-race.test.ts',
  'tests/server/scheduling-cancelled-points.test.ts',
  'tests/server/seed.test.ts',
  'tests/server/seed-scale.test.ts',
  'tests/server/remove-demo.test.ts',
  'tests/server/statistics.test.ts',
  'tests/server/tenancy-and-audit.test.ts',
  'tests/server/tenant-catalog.test.ts',
  'tests/server/accounts-register.test.ts',
];
