import { sql } from 'drizzle-orm';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { rowsOf } from '../db/handles';
import type { Database } from '../db/client';

/**
 * The sign-in, registration and unlock limits counted in PostgreSQL (a store for
 * @fastify/rate-limit), so that ten wrong passwords a minute stay ten however many API servers
 * share the database. Each key's window is one row, counted up in one statement; the database's
 * clock decides when a window is over, so servers whose clocks differ still agree. On PGlite the
 * plugin's own memory store serves: one server per data directory.
 */
type Answer = (error: Error | null, result?: { current: number; ttl: number }) => void;

export function databaseRateLimitStore(database: Database) {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    /** The route's own counters: the plugin keeps one limiter per route. */
    readonly prefix: string;

    constructor(_options?: unknown, prefix = '') {
      this.prefix = prefix;
    }

    incr(key: string, answer: Answer, timeWindow: number) {
      const windowMs = Math.max(1, Math.trunc(timeWindow));
      database.db
        .execute(
          sql`
          INSERT INTO rate_limit_counters AS c (key, count, window_started_at) VALUES (${this.prefix + key}, 1, clock_timestamp())
          ON CONFLICT (key) DO UPDATE SET
            count = CASE WHEN c.window_started_at + ${windowMs} * interval '1 millisecond' <= clock_timestamp() THEN 1 ELSE c.count + 1 END,
            window_started_at = CASE WHEN c.window_started_at + ${windowMs} * interval '1 millisecond' <= clock_timestamp()
              THEN clock_timestamp() ELSE c.window_started_at END
          RETURNING count,
            greatest(0, ceil(extract(epoch FROM c.window_started_at + ${windowMs} * interval '1 millisecond' - clock_timestamp()) * 1000))::int AS ttl`,
        )
        .then((result) => {
          const [row] = rowsOf<{ count: number; ttl: number }>(result);
          answer(null, { current: Number(row?.count ?? 0), ttl: Number(row?.ttl ?? windowMs) });
        }, answer);
    }

    read(key: string, answer: Answer, timeWindow: number) {
      const windowMs = Math.max(1, Math.trunc(timeWindow));
      database.db
        .execute(
          sql`
          SELECT count, greatest(0, ceil(extract(epoch FROM window_started_at + ${windowMs} * interval '1 millisecond' - clock_timestamp()) * 1000))::int AS ttl
          FROM rate_limit_counters WHERE key = ${this.prefix + key}
            AND window_started_at + ${windowMs} * interval '1 millisecond' > clock_timestamp()`,
        )
        .then((result) => {
          const [row] = rowsOf<{ count: number; ttl: number }>(result);
          answer(null, row ? { current: Number(row.count), ttl: Number(row.ttl) } : { current: 0, ttl: 0 });
        }, answer);
    }

    // The plugin hands its merged options, with the route as `routeInfo` (empty for a limiter made
    // in a handler, whose keys carry their own name).
    child(routeOptions: object): FastifyRateLimitStore {
      const route = (routeOptions as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      return new DatabaseRateLimitStore(undefined, this.prefix + (route?.url ? `${String(route.method)} ${route.url}:` : ''));
    }
  };
}

/** Windows over for an hour are of no use to any limit (the longest is a minute): removed by a job. */
export async function pruneRateLimitCounters(database: Database): Promise<void> {
  await database.db.execute(sql`DELETE FROM rate_limit_counters WHERE window_started_at < clock_timestamp() - interval '1 hour'`);
}
