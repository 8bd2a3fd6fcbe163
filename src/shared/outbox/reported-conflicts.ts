import type { TheraDb } from '../db/db';
import { arrayOf, checked, isString } from '../db/checks';

/**
 * The point ids a delivered batch's answer named in `conflicts` (another device wrote the same
 * key), per lane, kept on the device so the app can show them: the drain may run in the service
 * worker while no page is open, and the answer is gone once its operations leave the outbox.
 */
export const reportedConflictsKey = (lane: string) => `outbox.conflicts:${lane}`;

/** Adds ids to the lane's reported conflicts; runs inside the caller's transaction on `meta`. */
export async function keepReportedConflicts(db: TheraDb, lane: string, ids: readonly string[]) {
  if (ids.length === 0) {
    return;
  }
  const key = reportedConflictsKey(lane);
  const before = checked((await db.meta.get(key))?.value, arrayOf(isString)) ?? [];
  await db.meta.put({ key, value: [...new Set([...before, ...ids])] });
}

/** The lane's reported conflict ids (empty when none was reported). */
export async function reportedConflicts(db: TheraDb, lane: string): Promise<string[]> {
  return checked((await db.meta.get(reportedConflictsKey(lane)))?.value, arrayOf(isString)) ?? [];
}
