import type { TheraDb } from '../db/db';
import type { LoadCall, OutboxRequest, SendResult } from './transport';

/** What the drain needs from its context (page or service worker), what it reports, and the meta rows it keeps. */
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
};

export const PAUSE_KEY = 'outbox.paused';
/** Bumped by every resume: a 401 answering a request sent before the user signed in again must not pause. */
export const RESUME_EPOCH_KEY = 'outbox.resumeEpoch';
export const epochOf = async (db: TheraDb) => ((await db.meta.get(RESUME_EPOCH_KEY))?.value as number | undefined) ?? 0;
export const LAST_SYNC_KEY = 'outbox.lastSyncAt';
/** Why the last try got nothing through ('portal' | 'unreachable'); cleared by the next delivery. */
export const OUTAGE_KEY = 'outbox.outage';
