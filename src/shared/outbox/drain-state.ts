import type { TheraDb } from '../db/db';
import type { LoadCall, OutboxRequest, SendResult } from './transport';
import type { Delivered } from './delivered';

/**
 * What the drain needs from its context (page or service worker), what it reports, the meta rows it
 * keeps, and the small changes to its state that need no drain: a resume, retry and discard, dueNow.
 * Kept apart from the drain itself, so a page whose drain runs in the service worker never loads it.
 */
export interface DrainDeps {
  db: TheraDb;
  /** Sends one request; resolves with status 0 on a network failure, never rejects. */
  send: (request: OutboxRequest) => Promise<SendResult>;
  /** The contract's call for a route, to check an answer against (the page loads it lazily, the worker imports it). */
  loadCall: LoadCall;
  now: () => number;
  newId: () => string;
  /** Only this user's operations go out: unsent items stay with their user. */
  userId: string;
  leaseMs?: number;
  random?: () => number;
  /** True when this context holds the `outbox-drain` lock: in-flight operations left behind are orphans. */
  exclusive?: boolean;
}

export type DrainResult = {
  sent: number;
  paused: 'signin' | 'unlock' | null;
  waitingUntil: number | null;
  /** The server said these operations were made under another person's sign-in: re-check who is signed in. */
  authorMismatch?: boolean;
  /** What the server confirmed in this drain, once per kind and organization: screens showing its figures refetch them. */
  delivered?: Delivered[];
};

export const PAUSE_KEY = 'outbox.paused';
/** Bumped by every resume: a 401 answering a request sent before the user signed in again must not pause. */
export const RESUME_EPOCH_KEY = 'outbox.resumeEpoch';
export const epochOf = async (db: TheraDb) => ((await db.meta.get(RESUME_EPOCH_KEY))?.value as number | undefined) ?? 0;
export const LAST_SYNC_KEY = 'outbox.lastSyncAt';
/** Why the last try got nothing through ('portal' | 'unreachable'); cleared by the next delivery. */
export const OUTAGE_KEY = 'outbox.outage';

/** Needs-attention actions: retry sends it again with the same key; discard drops it. */
export async function retryAttention(db: TheraDb, seq: number) {
  await db.outbox.update(seq, { state: 'pending', attempts: 0, nextAttemptAt: 0, serverErrors: 0, lastError: null });
}
/** "Retry all": every operation of the user that needs attention goes again, in its lane's order. */
export async function retryAllAttention(db: TheraDb, userId: string): Promise<number> {
  return db.outbox
    .where('[userId+state]')
    .equals([userId, 'attention'])
    .modify({ state: 'pending', attempts: 0, nextAttemptAt: 0, serverErrors: 0, lastError: null });
}
export async function discardAttention(db: TheraDb, seq: number) {
  await db.outbox.delete(seq);
}
export async function resume(db: TheraDb) {
  await db.transaction('rw', db.meta, async () => {
    await db.meta.delete(PAUSE_KEY);
    await db.meta.put({ key: RESUME_EPOCH_KEY, value: (await epochOf(db)) + 1 });
  });
}

/**
 * The connection is back: a backoff earned while there was no network is no reason to wait (after a
 * few minutes offline it reaches 60 s), so the user's pending operations are due now, and a failure
 * from here backs off from the start again (1 s, 2 s, 4 s…): what was counted offline says nothing
 * about the server. Without that, five plain 500s after a morning offline took minutes to reach
 * needs-attention instead of half a minute. The count of server errors in a row is kept. The page
 * calls it on `online`, the service worker on its `sync` event (which the browser itself backs off).
 */
export async function dueNow(db: TheraDb, userId: string): Promise<void> {
  await db.outbox.where('[userId+state]').equals([userId, 'pending']).modify({ nextAttemptAt: 0, attempts: 0 });
}
