import { v7 as uuidv7 } from 'uuid';
import type { TheraDb } from '../db/db';
import { loadCall } from '../api/calls';
import type { DrainResult } from './drain-state';
import type { LoadCall } from './transport';

export const DRAIN_LOCK = 'outbox-drain';
export const SYNC_TAG = 'outbox';

/**
 * An enqueue starts a drain once taps pause for this long, not at once: a burst of taps then leaves
 * as one batch and the drain's IndexedDB transactions don't queue in front of the next tap's. A
 * steady stream of taps still drains at least every ENQUEUE_DRAIN_MAX_WAIT_MS.
 */
const ENQUEUE_DRAIN_DELAY_MS = 400;
const ENQUEUE_DRAIN_MAX_WAIT_MS = 2_000;

/**
 * The enqueue trigger: one drain for a burst of taps, once the taps pause. Under a steady stream of
 * taps it starts right after a tap once the burst is older than the max wait: the drain's work then
 * falls in the gap before the next tap instead of at a random moment.
 */
export class AfterBurst {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private since: number | null = null;

  constructor(private readonly fire: () => void) {}

  tap() {
    const now = Date.now();
    if (this.since === null) {
      // Once a burst: if this page closes before its drain, the worker's Background Sync sends it.
      registerBackgroundSync();
      this.since = now;
    }
    if (this.timer) {
      clearTimeout(this.timer);
    }
    const isDue = now - this.since >= ENQUEUE_DRAIN_MAX_WAIT_MS;
    // A 0 ms timer runs after this tap's own render.
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.since = null;
        this.fire();
      },
      isDue ? 0 : ENQUEUE_DRAIN_DELAY_MS,
    );
  }
}

/** The worker drains on Background Sync: when the browser is back online, even with no page open. */
export function registerBackgroundSync() {
  void navigator.serviceWorker?.ready
    .then((reg) => (reg as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }).sync?.register(SYNC_TAG))
    .catch(() => undefined);
}

const loadCallLazily: LoadCall = (route) => loadCall(route) as unknown as ReturnType<LoadCall>;

/**
 * The drain on this page's thread: before a service worker controls the page (its first load),
 * in a browser without one, or when the worker did not take the request on.
 */
export async function drainHere(db: TheraDb, userId: string): Promise<DrainResult | null> {
  // Loaded on first use: a page whose worker drains for it never needs the drain's code.
  const { drain, fetchSender } = await import('./drain');
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  const run = (exclusive: boolean) =>
    drain({ db, send: fetchSender(), loadCall: loadCallLazily, now: Date.now, newId: uuidv7, userId, exclusive });
  return locks ? locks.request(DRAIN_LOCK, { ifAvailable: true }, (lock) => (lock ? run(true) : null)) : run(false);
}
