/// <reference lib="webworker" />
import { v7 as uuidv7 } from 'uuid';
import { getDb } from '../src/shared/db/db';
import { drain, fetchSender } from '../src/shared/outbox/drain';

declare const self: ServiceWorkerGlobalScope;

const DRAIN_LOCK = 'outbox-drain'; // same lock as the page (src/shared/outbox/outbox.ts)
const SYNC_TAG = 'outbox';

/**
 * The worker drains the same outbox as the page, under the same navigator.locks lock, so only one
 * context sends at a time. It runs on Background Sync (where the browser has it; not Safari) and at
 * worker start-up, which covers a browser that reopens the app after being closed with data waiting.
 */
async function drainFromWorker(): Promise<void> {
  const db = getDb();
  const userId = (await db.meta.get('currentUserId'))?.value;
  if (typeof userId !== 'string') {
    return;
  }
  const result = await self.navigator.locks.request(DRAIN_LOCK, { ifAvailable: true }, (lock) =>
    lock ? drain({ db, send: fetchSender(self.fetch.bind(self)), now: Date.now, newId: uuidv7, userId, exclusive: true }) : null,
  );
  if (result?.sent) {
    new BroadcastChannel('thera-outbox').postMessage('changed');
  }
  if (result?.waitingUntil) {
    // Rejecting makes the browser schedule the sync again with its own backoff.
    throw new Error('Outbox still has operations waiting to retry.');
  }
}

self.addEventListener('sync', (event) => {
  const syncEvent = event as ExtendableEvent & { tag: string };
  if (syncEvent.tag === SYNC_TAG) {
    syncEvent.waitUntil(drainFromWorker());
  }
});

void drainFromWorker().catch(() => undefined);
