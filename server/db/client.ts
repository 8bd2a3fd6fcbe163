import type { OrganizationId } from '../lib/ids';
import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import { applyRowLevelSecurity } from './rls';
import { backfillBuiltInRoles } from './built-in-roles';
import { backfillTherapistCodes } from './therapist-codes';
import { rowsOf, type Db, type Tx } from './handles';

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/**
 * Held while a server migrates, sets up row-level security and seeds, so that servers starting at
 * the same moment on one PostgreSQL do each step once: the second finds the work done.
 */
const START_LOCK = 'thera/start';

export interface Database {
  kind: 'pglite' | 'postgres';
  /** The owner connection: migrations, sign-in, sessions, user-scoped look-ups across organizations. */
  db: Db;
  /**
   * A transaction as the runtime role, row-level security bound to one organization. `tryLock`
   * names a transaction advisory lock to try in the same round trip (the idempotency key's): `fn`
   * learns whether it was taken.
   */
  tenant<T>(organizationId: OrganizationId, fn: (tx: Tx, opened: TenantOpened) => Promise<T>, options?: { tryLock?: string }): Promise<T>;
  /**
   * One SQL text on the owner connection, outside drizzle (the job queue's own statements): with
   * values it is one statement; without, it may be several (run as one simple query).
   */
  raw(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /**
   * Runs start-up work (migrations, the seed, the job queue's schema and queues) while no other
   * server on this database runs its own: servers starting together take turns.
   */
  duringStartUp<T>(work: () => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface TenantOpened {
  /** Whether the `tryLock` lock was taken (null when none was asked for). */
  tryLockTaken: boolean | null;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  /** PGlite data directory; undefined means in memory. */
  dataDir?: string;
  /** A PGlite data directory dump (tar) to start from, for fast test databases. */
  loadDataDir?: Blob;
  migrate?: boolean;
  /**
   * Work that must happen once however many servers start together (the demo seed): it runs after
   * the migrations, under the same database lock.
   */
  prepare?: (database: Database) => Promise<void>;
  /** Called with every statement drizzle sends and its parameters (tests count queries with it: no N+1). */
  onQuery?: (query: string, params: unknown[]) => void;
}

function withTenant(db: Db): Database['tenant'] {
  return (organizationId, fn, options = {}) =>
    db.transaction(async (tx) => {
      // One round trip: SET LOCAL ROLE thera_app and the organization setting, both transaction-local,
      // and the lock the caller asked to try (a select list is evaluated left to right).
      const lock =
        options.tryLock === undefined ? sql`NULL::boolean` : sql`pg_try_advisory_xact_lock(hashtextextended(${options.tryLock}, 0))`;
      const [opened] = rowsOf<{ locked: boolean | null }>(
        await tx.execute(
          sql`SELECT set_config('role', 'thera_app', true), set_config('app.organization_id', ${organizationId}, true), ${lock} AS locked`,
        ),
      );
      return fn(tx, { tryLockTaken: opened?.locked ?? null });
    });
}

/**
 * Runs work one piece at a time, in arrival order, and lets the event loop turn once between two
 * pieces (setImmediate), even when the next one is already waiting.
 *
 * Why PGlite needs it: its queries run synchronously in WebAssembly and resolve through microtasks
 * only, so without a turn between them one event-loop turn runs every request that is ready to the
 * end, and the loop gets back to the network only after all of them. libuv (since 1.45, Node 20)
 * accepts one new connection per turn, so under load connections waited seconds in the listen
 * queue, growing with the number already served (50 connections: the last were still unaccepted
 * after 10 s). With a turn between pieces, each piece of database work is followed by a look at
 * the network: new connections are accepted and requests read while earlier ones are served.
 */
export function turnTaker() {
  const waiting: (() => void)[] = [];
  let busy = false;
  const next = () => {
    const start = waiting.shift();
    if (start) {
      start();
    } else {
      busy = false;
    }
  };
  return <T>(work: () => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const start = () => {
        new Promise<T>((r) => r(work())).then(resolve, reject).finally(() => setImmediate(next));
      };
      if (busy) {
        waiting.push(start);
      } else {
        busy = true;
        start();
      }
    });
}

/**
 * Routes PGlite's own entry points (a query or exec outside a transaction, a whole transaction)
 * through one turn taker. These already exclude each other inside PGlite (its transaction mutex,
 * first come first served), so the order and the exclusion are unchanged; what changes is that the
 * event loop turns between them. Queries inside a transaction go through the transaction object,
 * not these methods, so they don't queue again.
 */
function takeTurns(client: PGlite) {
  const turn = turnTaker();
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((...args: Parameters<typeof query>) => turn(() => query(...args))) as typeof client.query;
  client.exec = ((...args: Parameters<typeof exec>) => turn(() => exec(...args))) as typeof client.exec;
  client.transaction = ((...args: Parameters<typeof transaction>) => turn(() => transaction(...args))) as typeof client.transaction;
}

const loggerOf = (options: DatabaseOptions) => {
  const onQuery = options.onQuery;
  return onQuery ? { logger: { logQuery: (query: string, params: unknown[]) => onQuery(query, params) } } : {};
};

export async function openDatabase(options: DatabaseOptions): Promise<Database & { dumpDataDir?: () => Promise<Blob> }> {
  let database: Database & { dumpDataDir?: () => Promise<Blob> };
  let migrateAll: () => Promise<void>;
  // PGlite's data directory belongs to one process: nothing else can start on it meanwhile.
  let underStartLock = <T>(work: () => Promise<T>): Promise<T> => work();
  if (options.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const db = drizzle(pool, loggerOf(options)) as unknown as Db;
    database = {
      kind: 'postgres',
      db,
      tenant: withTenant(db),
      raw: async (text, values) => {
        const result = await pool.query(text, values);
        // Several statements answer one result each: the last one's rows are the answer.
        return Array.isArray(result) ? ((result as { rows: unknown[] }[]).at(-1) ?? { rows: [] }) : result;
      },
      duringStartUp: (work) => underStartLock(work),
      ping: async () => void (await pool.query('SELECT 1')),
      close: () => pool.end(),
    };
    migrateAll = async () => {
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      await migrate(drizzle(pool), { migrationsFolder });
    };
    underStartLock = async <T>(work: () => Promise<T>): Promise<T> => {
      // A session lock on a connection of its own: a server that dies while holding it lets go.
      const client = await pool.connect();
      try {
        await client.query(`SELECT pg_advisory_lock(hashtextextended('${START_LOCK}', 0))`);
        try {
          return await work();
        } finally {
          await client.query(`SELECT pg_advisory_unlock(hashtextextended('${START_LOCK}', 0))`);
        }
      } finally {
        client.release();
      }
    };
  } else {
    const { PGlite } = await import('@electric-sql/pglite');
    if (options.dataDir) {
      fs.mkdirSync(options.dataDir, { recursive: true });
    }
    const client = await PGlite.create(options.dataDir, options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
    takeTurns(client);
    const { drizzle } = await import('drizzle-orm/pglite');
    const db = drizzle(client, loggerOf(options)) as unknown as Db;
    database = {
      kind: 'pglite',
      db,
      tenant: withTenant(db),
      raw: async (text, values) => (values?.length ? client.query(text, values) : ((await client.exec(text)).at(-1) ?? { rows: [] })),
      duringStartUp: (work) => underStartLock(work),
      ping: async () => void (await client.query('SELECT 1')),
      close: () => client.close(),
      dumpDataDir: () => client.dumpDataDir('none') as Promise<Blob>,
    };
    migrateAll = async () => {
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      await migrate(drizzle(client), { migrationsFolder });
    };
  }
  if (options.migrate !== false) {
    await underStartLock(async () => {
      await migrateAll();
      await applyRowLevelSecurity(database.db);
      // Organizations created before roles existed get their built-in roles (no migration: idempotent, cheap once done).
      await backfillBuiltInRoles(database.db);
      await backfillTherapistCodes(database.db);
      await options.prepare?.(database);
    });
  }
  return database;
}
