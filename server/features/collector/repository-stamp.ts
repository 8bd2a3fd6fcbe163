/**
 * The order of stamped writes (points upsert, delete and correct, trial states, focus), in one place:
 * - the same device: the higher device_seq wins, whatever its clock said (a device's clock can be
 *   hours wrong and set right between two writes; its sequence is persisted and only grows);
 * - different devices: the later (recorded_at, device_id) wins (the wall clock is all two devices
 *   share; device_id breaks a tie so every server and replay decides alike).
 * A write from the same device with a LOWER device_seq than the stored one is stale: the call is
 * refused whole (409 STALE_WRITE). The same device_seq again is a replay of the same write: no change.
 *
 * `stampWins` is the only SQL form of the rule and every stamped write uses it; `stampAfter` is its
 * mirror for choosing within one batch before the SQL runs.
 */
import type { z } from 'zod';
import { sql, type SQL } from 'drizzle-orm';
import type { WriteStamp } from '../../../contract/collector';

/** A write's stamp as the device sent it (the contract's WriteStamp, as parsed). */
export type Stamp = z.output<typeof WriteStamp>;

/** The three parts of a stamp as SQL expressions: a table's columns or a request's values. */
export interface StampSql {
  recordedAt: SQL;
  deviceId: SQL;
  deviceSeq: SQL;
}

/** The stamp columns of a table or alias (`excluded`, `data_points`, `k`). */
export const stampColumns = (alias: string): StampSql => ({
  recordedAt: sql.raw(`${alias}.recorded_at`),
  deviceId: sql.raw(`${alias}.device_id`),
  deviceSeq: sql.raw(`${alias}.device_seq`),
});

/** A request's stamp as typed parameters (recorded_at at the columns' millisecond precision). */
export const stampValues = (s: Stamp): StampSql => ({
  recordedAt: sql`${s.recorded_at}::timestamptz(3)`,
  deviceId: sql`${s.device_id}::text`,
  deviceSeq: sql`${s.device_seq}::bigint`,
});

/** True when `incoming` replaces `stored` under the rule above. */
export const stampWins = (incoming: StampSql, stored: StampSql): SQL =>
  sql`(CASE WHEN ${incoming.deviceId} = ${stored.deviceId} THEN ${incoming.deviceSeq} > ${stored.deviceSeq}
    ELSE (${incoming.recordedAt}, ${incoming.deviceId} COLLATE "C") > (${stored.recordedAt}, ${stored.deviceId} COLLATE "C") END)`;

/** True when `incoming` is an older write of the device that wrote `stored`: refused, never dropped. */
export const staleFromSameDevice = (incoming: StampSql, stored: StampSql): SQL =>
  sql`(${incoming.deviceId} = ${stored.deviceId} AND ${incoming.deviceSeq} < ${stored.deviceSeq})`;

/** `stampWins` for two stamps in memory (device ids compare by code unit, like COLLATE "C" for ASCII ids). */
export function stampAfter(a: Stamp, b: Stamp): boolean {
  if (a.device_id === b.device_id) {
    return a.device_seq > b.device_seq;
  }
  const ta = Date.parse(a.recorded_at);
  const tb = Date.parse(b.recorded_at);
  return ta !== tb ? ta > tb : a.device_id > b.device_id;
}

/**
 * A device time is flagged, never changed: 'ahead' when it is more than 5 minutes after the
 * server's receipt (now() is the transaction's start), 'behind' when more than 7 days before it
 * (a device offline for a week is rare; a late entry after the session is stamped when it is made).
 */
export const timeFlag = (time: SQL): SQL =>
  sql`(CASE WHEN ${time} > now() + interval '5 minutes' THEN 'ahead' WHEN ${time} < now() - interval '7 days' THEN 'behind' END)`;

export const STALE_WRITE_DETAIL = 'A newer change to this trial from this device is already saved.';
