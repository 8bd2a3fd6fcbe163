/**
 * The SQL of a session's point batches (service-batches.ts): inserted where their key is free, stored
 * rows read and held, replaced or marked deleted, and the observations two devices leave.
 */
import type { z } from 'zod';
import type { OrganizationId } from '../../lib/ids';
import type { DeleteKey, PointInput, PointKey } from '../../../contract/collector';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/handles';
import { staleFromSameDevice, stampColumns, stampWins, timeFlag, type Stamp } from './repository-stamp';

// The shapes of a batch are the contract's, as its calls parse them.

/** Where a point stands: its goal, sub-goal and trial. One key holds one live point. */
export type { PointKey };

/** A point of a batch, as sent. */
export type PointRow = z.output<typeof PointInput>;

/** What a point records under its key; the live point, its stored observations and a batch's points all carry it. */
export type PointValue = Omit<PointRow, 'id' | keyof Stamp>;

/** The key and stamp of a deletion, as sent. */
export type DeleteKeyRow = z.output<typeof DeleteKey>;

/**
 * A batch travels as one JSON parameter that the database unpacks (json_to_recordset): the
 * statement's text and its parameters stay the same size whatever the batch's size, so neither
 * the driver nor the parser works per point. `i` is the row's place in the caller's array.
 */
const KEY_COLUMNS = 'i int, goal_id uuid, sub_goal_id uuid, trial_no int, recorded_at timestamptz(3), device_id text, device_seq bigint';
const POINT_COLUMNS = `${KEY_COLUMNS}, id uuid, kind text, outcome text, prompt_level text, count int, duration_ms int`;
const asRecords = <T extends object>(rows: readonly T[], indexes: readonly number[] = rows.map((_, i) => i)) =>
  JSON.stringify(indexes.map((i) => ({ ...rows[i], i })));
/**
 * Rows are written and locked in one key order (keys with a sub-goal first, as lockStoredAtKeys
 * takes them), so two calls meeting on several keys never wait on each other in a cycle.
 */
const KEY_ORDER = sql.raw('k.sub_goal_id IS NULL, k.goal_id, k.sub_goal_id, k.trial_no');

/** A key as one comparable value (no sub-goal as the nil id, which no real id is: contract/fields.ts), so a set of keys hashes. */
const hashableKey = (t: string) =>
  sql.raw(`(${t}.goal_id, coalesce(${t}.sub_goal_id, '00000000-0000-0000-0000-000000000000'::uuid), ${t}.trial_no)`);

/** The signed-in user whose call writes (null where no person's call does, as in the scale seed). */
export type RecordedBy = string | null;

/**
 * Inserts the rows whose key holds nothing yet (points, or tombstones for a deletion that arrives
 * before its point) and answers the indexes of the rows whose key is taken. A key another call is
 * inserting at the same moment is waited for, then counted as taken: its row is committed by then,
 * so the caller's next statement reads it. The common case, new taps, is this one statement.
 * Made once per kind of row: the columns it is sent with, and what it stores beyond key and stamp.
 */
function insertWhereFree<T extends object>(columns: string, own: { columns: string; values: (by: RecordedBy) => SQL }) {
  return async (tx: Tx, organizationId: OrganizationId, sessionId: string, batch: T[], by: RecordedBy): Promise<number[]> => {
    const rows = rowsOf<{ i: number }>(
      await tx.execute(sql`
        WITH k AS MATERIALIZED (SELECT * FROM json_to_recordset(${asRecords(batch)}::json) AS k(${sql.raw(columns)})),
        inserted AS (
          INSERT INTO data_points (organization_id, session_id, goal_id, sub_goal_id, trial_no, recorded_at, device_id, device_seq,
            recorded_at_flag, ${sql.raw(own.columns)})
          SELECT ${organizationId}::uuid, ${sessionId}::uuid, k.goal_id, k.sub_goal_id, k.trial_no, k.recorded_at, k.device_id, k.device_seq,
            ${timeFlag(sql.raw('k.recorded_at'))}, ${own.values(by)}
          FROM k ORDER BY ${KEY_ORDER}
          ON CONFLICT ON CONSTRAINT data_points_key_uq DO NOTHING RETURNING goal_id, sub_goal_id, trial_no)
        SELECT k.i FROM k WHERE NOT EXISTS (SELECT 1 FROM inserted d WHERE ${hashableKey('d')} = ${hashableKey('k')})`),
    );
    return rows.map((r) => Number(r.i));
  };
}

/** New points go in as sent; a key already stored is answered for the caller to compare (service-batches.ts). */
export const insertNewPoints = insertWhereFree<PointRow>(POINT_COLUMNS, {
  columns: 'id, kind, outcome, prompt_level, count, duration_ms, recorded_by',
  values: (by) => sql`k.id, k.kind, k.outcome, k.prompt_level, k.count, k.duration_ms, ${by}::uuid`,
});

/** Tombstones for keys that never held a point (its upsert, arriving later, stays deleted). */
export const insertTombstones = insertWhereFree<DeleteKeyRow>(KEY_COLUMNS, {
  columns: 'id, kind, deleted_at, recorded_by',
  values: (by) => sql`gen_random_uuid(), 'trial', now(), ${by}::uuid`,
});

/**
 * What is stored under each incoming key, and how the incoming stamp compares (the rule in repository-stamp.ts).
 * The rows are held until commit: the values compared are the values the write replaces.
 */
export interface StoredAtKey {
  index: number;
  id: string;
  kind: 'trial' | 'frequency' | 'duration';
  outcome: PointRow['outcome'];
  prompt_level: string | null;
  count: number | null;
  duration_ms: number | null;
  recorded_at: string;
  device_id: string;
  device_seq: number;
  is_deleted: boolean;
  recorded_by: string | null;
  received_at: string;
  /** The incoming write replaces the stored one. */
  wins: boolean;
  /** The incoming write is older than the stored one of the same device. */
  stale: boolean;
}

/**
 * The stored rows under `keys[i]` for each of `indexes` (keys an insert found taken), locked in key
 * order. Each key is one exact probe of the key's unique index (a lateral look-up per key: the plan
 * can't become a scan of every point of the session), keys with and without a sub-goal apart, since
 * an OR of the two, or IS NOT DISTINCT FROM, can't be one probe.
 */
export async function lockStoredAtKeys(
  tx: Tx,
  organizationId: OrganizationId,
  sessionId: string,
  keys: DeleteKeyRow[],
  indexes: number[],
): Promise<StoredAtKey[]> {
  if (indexes.length === 0) {
    return [];
  }
  const lockWhere = (withSubGoal: boolean) => sql`
    SELECT k.i AS index, d.id, d.kind, d.outcome, d.prompt_level, d.count, d.duration_ms, d.recorded_at, d.device_id, d.device_seq,
      d.deleted_at IS NOT NULL AS is_deleted, d.recorded_by, d.received_at,
      ${stampWins(stampColumns('k'), stampColumns('d'))} AS wins,
      ${staleFromSameDevice(stampColumns('k'), stampColumns('d'))} AS stale
    FROM (SELECT * FROM k WHERE k.sub_goal_id IS ${sql.raw(withSubGoal ? 'NOT NULL' : 'NULL')} ORDER BY ${KEY_ORDER}) k
    CROSS JOIN LATERAL (
      SELECT * FROM data_points d
      WHERE d.organization_id = ${organizationId}::uuid AND d.session_id = ${sessionId}::uuid AND d.goal_id = k.goal_id
        AND ${sql.raw(withSubGoal ? 'd.sub_goal_id = k.sub_goal_id' : 'd.sub_goal_id IS NULL')} AND d.trial_no = k.trial_no
      FOR UPDATE
    ) d`;
  type Row = Omit<StoredAtKey, 'recorded_at' | 'received_at' | 'device_seq'> & {
    recorded_at: Date | string;
    received_at: Date | string;
    device_seq: number | string;
  };
  const rows = rowsOf<Row>(
    await tx.execute(sql`
      WITH k AS MATERIALIZED (SELECT * FROM json_to_recordset(${asRecords(keys, indexes)}::json) AS k(${sql.raw(KEY_COLUMNS)})),
      with_sub_goal AS (${lockWhere(true)}),
      without_sub_goal AS (${lockWhere(false)})
      SELECT * FROM with_sub_goal UNION ALL SELECT * FROM without_sub_goal`),
  );
  return rows.map((r) => ({
    ...r,
    index: Number(r.index),
    recorded_at: new Date(r.recorded_at).toISOString(),
    received_at: new Date(r.received_at).toISOString(),
    device_seq: Number(r.device_seq),
  }));
}

/** A write to a stored row, named by that row's id (locked by lockStoredAtKeys). */
type OverStored<T> = T & { stored_id: string };

/**
 * Writes over stored rows (locked by lockStoredAtKeys, named by their id) where the incoming stamp
 * wins; answers the rows changed. Made once per kind of row: the columns it is sent with, and what it sets.
 */
function writeOverStored<T extends object>(columns: string, set: (by: RecordedBy) => SQL) {
  return async (tx: Tx, organizationId: OrganizationId, rows: OverStored<T>[], by: RecordedBy): Promise<number> => {
    if (rows.length === 0) {
      return 0;
    }
    const result = await tx.execute(sql`
      UPDATE data_points d SET ${set(by)}, recorded_at = k.recorded_at, device_id = k.device_id, device_seq = k.device_seq,
        recorded_at_flag = ${timeFlag(sql.raw('k.recorded_at'))}
      FROM json_to_recordset(${asRecords(rows)}::json) AS k(${sql.raw(columns)}, stored_id uuid)
      WHERE d.organization_id = ${organizationId}::uuid AND d.id = k.stored_id AND ${stampWins(stampColumns('k'), stampColumns('d'))}
      RETURNING 1`);
    return rowsOf(result).length;
  };
}

/** Replaces stored points where the incoming stamp wins. Answers rows replaced. */
export const replacePoints = writeOverStored<PointRow>(
  POINT_COLUMNS,
  (by) => sql`id = k.id, kind = k.kind, outcome = k.outcome, prompt_level = k.prompt_level, count = k.count,
    duration_ms = k.duration_ms, received_at = now(), deleted_at = NULL, corrected_at = NULL, original = NULL, recorded_by = ${by}::uuid`,
);

/** Marks stored points deleted where the deletion's stamp wins. Answers rows changed. */
export const tombstonePoints = writeOverStored<DeleteKeyRow>(KEY_COLUMNS, (by) => sql`deleted_at = now(), recorded_by = ${by}::uuid`);

export interface Observation extends PointValue, Stamp {
  point_id: string;
  is_deletion: boolean;
  reason: 'lost' | 'replaced';
  winner_device_id: string;
  recorded_by: string | null;
  /** When the server received it; null for one arriving in this call (the transaction's time). */
  received_at: string | null;
}

/** Keeps the observations that did not stay live (two-observer mode); a replayed one is kept once. */
export async function insertObservations(tx: Tx, organizationId: OrganizationId, sessionId: string, rows: Observation[]) {
  if (rows.length === 0) {
    return;
  }
  await tx.execute(sql`
    INSERT INTO point_observations (organization_id, point_id, session_id, goal_id, sub_goal_id, trial_no, kind, outcome, prompt_level, count,
      duration_ms, is_deletion, recorded_at, device_id, device_seq, reason, winner_device_id, recorded_by, received_at)
    SELECT ${organizationId}::uuid, o.point_id, ${sessionId}::uuid, o.goal_id, o.sub_goal_id, o.trial_no, o.kind, o.outcome, o.prompt_level,
      o.count, o.duration_ms, o.is_deletion, o.recorded_at, o.device_id, o.device_seq, o.reason, o.winner_device_id, o.recorded_by,
      coalesce(o.received_at, now())
    FROM json_to_recordset(${JSON.stringify(rows)}::json) AS o(point_id uuid, goal_id uuid, sub_goal_id uuid, trial_no int, kind text,
      outcome text, prompt_level text, count int, duration_ms int, is_deletion boolean, recorded_at timestamptz(3), device_id text,
      device_seq bigint, reason text, winner_device_id text, recorded_by uuid, received_at timestamptz)
    ON CONFLICT ON CONSTRAINT point_observations_write_uq DO NOTHING`);
}
