import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';

/**
 * Background work that must happen once however many API servers run (mail to send, reminders,
 * the trash to purge, old records to prune): durable in the database, retried with backoff when it
 * fails, and taken by one server at a time. pg-boss keeps the queue in its own schema (`pgboss`),
 * through the database's own connection: PostgreSQL's pool, or PGlite in this process (one server
 * per data directory there, so "once" holds by itself). The same jobs and handlers run on both.
 */
export interface JobDefinition<T extends object> {
  name: string;
  /** Runs the job; a throw fails this try and the job is retried later. */
  run: (data: T) => Promise<void>;
  /** Cron expression (UTC): one job per tick across every server. */
  cron?: string;
  /** Tries after the first (default 5), backing off from `retryDelaySeconds` (default 30). */
  retryLimit?: number;
  retryDelaySeconds?: number;
}

export interface Jobs {
  /** Creates the job's queue, starts handling it on this server and schedules it when it has a cron. */
  define<T extends object>(job: JobDefinition<T>): Promise<void>;
  /** Queues one job; answers its id. */
  send(name: string, data: object): Promise<string | null>;
  /** Stops taking new jobs and waits (up to `timeoutMs`) for the ones running here. */
  stop(timeoutMs?: number): Promise<void>;
}

export interface JobsOptions {
  log: FastifyBaseLogger;
  /** How often an idle server asks for new jobs (seconds; pg-boss's minimum is 0.5). */
  pollingSeconds?: number;
}

export async function startJobs(database: Database, { log, pollingSeconds = 2 }: JobsOptions): Promise<Jobs> {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.raw(text, values) },
    // Completed jobs are kept a week for whoever asks what ran, then removed by pg-boss itself.
    deleteAfterDays: 7,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  return {
    async define({ name, run, cron, retryLimit = 5, retryDelaySeconds = 30 }) {
      await boss.createQueue(name, { name, retryLimit, retryDelay: retryDelaySeconds, retryBackoff: true });
      await boss.work<object>(name, { pollingIntervalSeconds: pollingSeconds, batchSize: 1 }, async ([job]) => {
        if (!job) {
          return;
        }
        const started = performance.now();
        await run(job.data as never);
        log.info({ job: name, jobId: job.id, ms: Math.round(performance.now() - started) }, 'job done');
      });
      if (cron) {
        await boss.schedule(name, cron, {}, { tz: 'UTC' });
      }
    },
    send: (name, data) => boss.send(name, data),
    stop: (timeoutMs = 10_000) => boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs }),
  };
}
