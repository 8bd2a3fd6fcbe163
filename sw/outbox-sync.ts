/// <reference lib="webworker" />
import { v7 as uuidv7 } from 'uuid';
import { getDb } from '../src/shared/db/db';
import { drain, dueNow, fetchSender } from '../src/shared/outbox/drain';
import { loadCallEagerly as loadCall } from '../src/shared/outbox/load-call-eager';

declare const self: ServiceWorkerGlobalScope;

const DRAIN_LOCK = 'outbox-drain'; // same lock as the page (src/shared/outbox/outbox.ts)
const SYNC_TAG = 'outbox';
const CHANNEL = 'thera-outbox'; // same channel as the page

/**
 * The worker drains the same outbox as the page, under the same navigator.locks lock, so only one
 * context sends at a time. It runs on Background Sync (where the browser has it; not Safari) and at
 * worker start-up, which covers a browser that reopens the app after being closed with data waiting.
 * `isReconnect`: the sync event, which the browser fires when the connection is back; like the
 * page's `online`, a backoff earned without a network is no reason to wait.
 */
async function drainFromWorker(isReconnect: boolean): Promise<void> {
  const db = getDb();
  const userId = (await db.meta.get('currentUserId'))?.value;
  if (typeof userId !== 'string') {
    return;
  }
  if (isReconnect) {
    await dueNow(db, userId);
  }
  const result = await self.navigator.locks.request(DRAIN_LOCK, { ifAvailable: true }, (lock) =>
    lock ? drain({ db, send: fetchSender(self.fetch.bind(self)), loadCall, now: Date.now, newId: uuidv7, userId, exclusive: true }) : null,
  );
  if (result?.sent || result?.authorMismatch) {
    const channel = new BroadcastChannel(CHANNEL);
    channel.postMessage('changed');
    if (result.authorMismatch) {
      // An open page of this user re-checks who is signed in (the worker has no session state).
      channel.postMessage({ type: 'author-mismatch', userId });
    }
    channel.close();
  }
  if (result?.waitingUntil) {
    // Rejecting makes the browser schedule the sync again with its own backoff.
    throw new Error('Outbox still has operations waiting to retry.');
  }
}

self.addEventListener('sync', (event) => {
  const syncEvent = event as ExtendableEvent & { tag: string };
  if (syncEvent.tag === SYNC_TAG) {
    syncEvent.waitUntil(drainFromWorker(true));
  }
});

void drainFromWorker(false).catch(() => undefined);
