import type { Delivered } from './delivered';

/**
 * Messages on the outbox's BroadcastChannel between pages and the service worker, besides the plain
 * 'changed' (kept a string for the worker and older pages).
 */
export type ChannelMessage =
  | 'changed'
  /** A tab's highest device sequence and the reservation it lies in: other tabs stamp above it. */
  | { type: 'seq'; seq: number; reservedUntil: number }
  /** The worker's drain met AUTHOR_MISMATCH for this user's operations. */
  | { type: 'author-mismatch'; userId: string }
  /** What a drain (the worker's or another tab's) got confirmed by the server. */
  | { type: 'delivered'; delivered: Delivered[] };
