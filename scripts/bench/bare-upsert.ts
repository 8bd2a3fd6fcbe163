import { randomUUID } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';

/**
 * The floor the batch call is held against: the same points (BATCH per transaction, new keys) sent
 * straight to the database as one multi-row upsert in one transaction, on the owner connection, with
 * no HTTP, no sign-in, no checks, no idempotency record. PostgreSQL: a pool of 10 connections (as the
 * server's) driven by 50 workers (as autocannon's connections); PGlite: one in-memory database in
 * this process, one transaction at a time (as the server's). Answers points per second.
 */
const COLUMNS = [
  'organization_id',
  'id',
  'session_id',
  'goal_id',
  'sub_goal_id',
  'trial_no',
  'kind',
  'outcome',
  'prompt_level',
  'count',
  'duration_ms',
  'recorded_at',
  'device_id',
  'device_seq',
] as const;
const UPSERT_TAIL = `ON CONFLICT ON CONSTRAINT data_points_key_uq DO UPDATE SET id = excluded.id, outcome = excluded.outcome,
  recorded_at = excluded.recorded_at, device_id = excluded.device_id, device_seq = excluded.device_seq`;

function statement(batch: number) {
  const rows = Array.from({ length: batch }, (_, r) => `(${COLUMNS.map((_, c) => `$${r * COLUMNS.length + c + 1}`).join(', ')})`).join(
    ', ',
  );
  return `INSERT INTO data_points (${COLUMNS.join(', ')}) VALUES ${rows} ${UPSERT_TAIL}`;
}

function paramsFor(batch: number, organizationId: string, sessionId: string, goalId: string, next: () => number) {
  const params: unknown[] = [];
  for (let i = 0; i < batch; i += 1) {
    const n = next();
    params.push(
      organizationId,
      uuidv7(),
      sessionId,
      goalId,
      null,
      n,
      'trial',
      'correct',
      null,
      null,
      null,
      new Date().toISOString(),
      'bare',
      n,
    );
  }
  return params;
}

interface Runner {
  transaction(sql: string, params: unknown[]): Promise<void>;
  close(): Promise<void>;
}

async function measure(runner: Runner, batch: number, seconds: number, workers: number): Promise<number> {
  const organizationId = randomUUID();
  const sessionId = randomUUID();
  const goalId = randomUUID();
  const sql = statement(batch);
  let n = 0;
  let points = 0;
  const next = () => (n += 1);
  const until = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < until) {
      await runner.transaction(sql, paramsFor(batch, organizationId, sessionId, goalId, next));
      points += batch;
    }
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: workers }, worker));
  const elapsed = (performance.now() - start) / 1000;
  await runner.close();
  return points / elapsed;
}

export async function bareUpsertPostgres(databaseUrl: string, batch: number, seconds: number): Promise<number> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  return measure(
    {
      transaction: async (sql, params) => {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          await client.query(sql, params);
          await client.query('COMMIT');
        } finally {
          client.release();
        }
      },
      close: () => pool.end(),
    },
    batch,
    seconds,
    50,
  );
}

export async function bareUpsertPglite(batch: number, seconds: number): Promise<number> {
  const { openDatabase } = await import('../../server/db/client');
  const { PGlite } = await import('@electric-sql/pglite');
  // Migrated through the server's own opening (same schema), then used bare.
  const database = await openDatabase({});
  const dump = await database.dumpDataDir!();
  await database.close();
  const client = await PGlite.create(undefined, { loadDataDir: dump });
  return measure(
    {
      transaction: (sql, params) => client.transaction(async (tx) => void (await tx.query(sql, params))),
      close: () => client.close(),
    },
    batch,
    seconds,
    1,
  );
}
