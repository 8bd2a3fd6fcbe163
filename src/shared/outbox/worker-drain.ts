import type { DrainResult } from './drain-state';

/**
 * The page asks the service worker that controls it to drain the outbox, so that building the
 * requests, checking the answers against the contract and the drain's IndexedDB bookkeeping run off
 * the thread that handles taps. Both sides import this file: the messages are declared once.
 *
 * The worker answers twice on the port sent with the request: `accepted` at once, `drained` when the
 * drain is over. No `accepted` means a worker without this handler (an older version still in
 * control) or one that was stopped: the page then drains by itself. Either way the `outbox-drain`
 * lock decides who sends, so the page and the worker never drain at the same time.
 */
export const DRAIN_REQUEST = 'OUTBOX_DRAIN';

export interface DrainRequest {
  type: typeof DRAIN_REQUEST;
  /** The page's outbox user: the worker drains only if it is still the device's outbox user. */
  userId: string;
}

export type DrainReply =
  | { type: 'accepted' }
  /** `result` null: nothing was sent here (another context holds the lock, or the user changed). */
  | { type: 'drained'; result: DrainResult | null };

export function isDrainRequest(data: unknown): data is DrainRequest {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === DRAIN_REQUEST &&
    typeof (data as { userId?: unknown }).userId === 'string'
  );
}

/** How long the page waits for `accepted` before it drains by itself. */
const ACCEPT_WAIT_MS = 2_000;
/** How long an accepted drain may take before the page tries itself (the lock still decides). */
const DRAIN_WAIT_MS = 90_000;

/**
 * Sends the request to the controlling worker; resolves with its result, or `undefined` when the
 * worker did not take it on or did not finish in time (the caller then drains by itself).
 */
export function drainInWorker(worker: ServiceWorker, userId: string): Promise<DrainResult | null | undefined> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    let timer = setTimeout(() => done(undefined), ACCEPT_WAIT_MS);
    function done(result: DrainResult | null | undefined) {
      clearTimeout(timer);
      channel.port1.close();
      resolve(result);
    }
    channel.port1.onmessage = (event: MessageEvent<DrainReply>) => {
      if (event.data.type === 'accepted') {
        clearTimeout(timer);
        timer = setTimeout(() => done(undefined), DRAIN_WAIT_MS);
      } else {
        done(event.data.result);
      }
    };
    try {
      worker.postMessage({ type: DRAIN_REQUEST, userId } satisfies DrainRequest, [channel.port2]);
    } catch {
      done(undefined);
    }
  });
}
