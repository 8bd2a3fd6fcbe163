/**
 * The job queue on the database the server runs on (PGlite in this process, or PostgreSQL): a job
 * sent runs once with its data, a job that fails is tried again, and stopping waits for the job
 * running. Across two servers on PostgreSQL: tests/multi-server.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import pino from 'pino';
import { startJobs, type Jobs } from '../../server/lib/jobs';
import { describeServer, openTestDatabase } from '../helpers/test-app';
import type { Database } from '../../server/db/client';

let database: Database;
let jobs: Jobs;
const until = async (done: () => boolean, ms = 20_000) => {
  const deadline = Date.now() + ms;
  while (!done() && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

beforeAll(async () => {
  database = await openTestDatabase();
  jobs = await startJobs(database, { log: pino({ level: 'silent' }), pollingSeconds: 0.5 });
});
afterAll(async () => {
  await jobs?.stop(1000);
  await database?.close();
});

describeServer('background jobs', () => {
  it('runs each job sent once, with its data', async () => {
    const seen: number[] = [];
    await jobs.define<{ n: number }>({ name: 'test-once', run: async ({ n }) => void seen.push(n) });
    for (const n of [1, 2, 3]) {
      await jobs.send('test-once', { n });
    }
    await until(() => seen.length >= 3);
    await new Promise((resolve) => setTimeout(resolve, 1200)); // two more polls: nothing runs twice
    expect(seen.sort()).toEqual([1, 2, 3]);
  });

  it('tries a failed job again after its delay', async () => {
    let tries = 0;
    await jobs.define({
      name: 'test-retry',
      retryLimit: 2,
      retryDelaySeconds: 1,
      run: async () => {
        tries += 1;
        if (tries === 1) {
          throw new Error('the mail server is down');
        }
      },
    });
    const first = await jobs.send('test-retry', {});
    expect(first).not.toBeNull();
    await until(() => tries >= 2);
    expect(tries).toBe(2);
  });
});
