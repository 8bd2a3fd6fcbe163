import type { TheraDb } from '../db/db';
import { LAST_SYNC_KEY, OUTAGE_KEY, PAUSE_KEY } from './drain-state';
import type { Outage } from './transport';
import type { OutboxOp } from './types';

export interface OutboxStatus {
  pending: number;
  inflight: number;
  attention: OutboxOp[];
  oldestAt: number | null;
  lastSyncAt: number | null;
  paused: 'signin' | 'unlock' | null;
  sending: boolean;
  /** Why nothing gets through right now (a sign-in portal, or no sign of Thera); null when fine. */
  outage?: Outage | null;
}

/** The user's outbox as the indicator shows it, read in one read-only transaction (no user: empty). */
export async function readStatus(db: TheraDb, userId: string | null, sending: boolean): Promise<OutboxStatus> {
  if (!userId) {
    return { pending: 0, inflight: 0, attention: [], oldestAt: null, lastSyncAt: null, paused: null, sending, outage: null };
  }
  const byState = (state: OutboxOp['state']) => db.outbox.where('[userId+state]').equals([userId, state]);
  return db.transaction('r', db.outbox, db.meta, async () => {
    const [pending, inflight, attention] = await Promise.all([
      byState('pending').count(),
      byState('inflight').count(),
      byState('attention').toArray(),
    ]);
    // The 'userId' index is ordered by (userId, seq): its first non-attention entry is the oldest.
    const oldest = await db.outbox
      .where('userId')
      .equals(userId)
      .filter((o) => o.state !== 'attention')
      .first();
    const [lastSync, paused, outage] = await db.meta.bulkGet([LAST_SYNC_KEY, PAUSE_KEY, OUTAGE_KEY]);
    return {
      pending: pending + inflight,
      inflight,
      attention,
      oldestAt: oldest?.createdAt ?? null,
      lastSyncAt: (lastSync?.value as number | undefined) ?? null,
      paused: (paused?.value as OutboxStatus['paused'] | undefined) ?? null,
      sending,
      outage: (outage?.value as Outage | undefined) ?? null,
    };
  });
}
