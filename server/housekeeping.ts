import type { Database } from './db/client';
import type { Jobs } from './lib/jobs';
import { pruneIdempotencyRecords } from './plugins/idempotency';
import { pruneRateLimitCounters } from './plugins/rate-limit-store';

/**
 * What the server keeps tidy on a schedule, as jobs: each tick runs on one server only, however
 * many share the database. Idempotency records are kept 30 days (a device offline for weeks still
 * gets its stored answer); rate-limit windows an hour.
 */
export async function defineHousekeeping(jobs: Jobs, database: Database): Promise<void> {
  await jobs.define({ name: 'prune-idempotency-records', cron: '17 */6 * * *', run: () => pruneIdempotencyRecords(database) });
  await jobs.define({ name: 'prune-rate-limit-counters', cron: '*/30 * * * *', run: () => pruneRateLimitCounters(database) });
}
