/// <reference lib="webworker" />
import { v7 as uuidv7 } from 'uuid';
import { getDb } from '../src/shared/db/db';
import { drain, fetchSender } from '../src/shared/outbox/drain';
import { dueNow, type DrainResult } from '../src/shared/outbox/drain-state';
import { loadCallEagerly as loadCall } from '../src/shared/outbox/load-call-eager';
import { isDrainRequest, type DrainReply } from '../src/shared/outbox/worker-drain';
import type { ChannelMessage } from '../src/shared/outbox/channel-message';

declare const self: ServiceWorkerGlobalScope;

const DRAIN_LOCK = 'outbox-drain'; // same lock as the page (src/shared/outbox/outbox.ts)
const SYNC_TAG = 'outbox';
const CHANNEL = 'thera-outbox'; // same channel as the page
/** The page's record of whose outbox this is; a sign-out sets it to null before anything else. */
const OUTBOX_USER_KEY = 'currentUserId';

/**
 * The worker drains the same outbox as the page, under the same navigator.locks lock, so only one
 * context sends at a time. It runs when a page it controls asks (the page's triggers: every tap,
 * `online`, the foreground timer...), on Background Sync (where the browser has it; not Safari) and
 * at worker start-up, which covers a browser that reopens the app after being closed with data
 * waiting.
 *
 * Whose operations go out is the device's outbox user, as the page last wrote it. A sign-out clears
 * it at once, before the logout reaches the server: until someone signs in again the worker sends
 * nothing, as the page sends nothing while a sign-out waits. A page's request names the user it
 * believes in; when that is no longer the device's outbox user, nothing is sent. Every request still
 * carries its operation's author, and the server refuses one made under another sign-in.
 */
async function drainAs(expectedUserId: string | null): Promise<DrainResult | null> {
  const db = getDb();
  const userId = (await db.meta.get(OUTBOX_USER_KEY))?.value;
  if (typeof userId !== 'string' || (expectedUserId !== null && userId !== expectedUserId)) {
    return null;
  }
  const result = await self.navigator.locks.request(DRAIN_LOCK, { ifAvailable: true }, (lock) =>
    lock ? drain({ db, send: fetchSender(self.fetch.bind(self)), loadCall, now: Date.now, newId: uuidv7, userId, exclusive: true }) : null,
  );
  if (result?.sent) {
    postToPages('changed');
  }
  // Every page hears what was delivered; a page that asked for this drain learns it this way too.
  if (result?.delivered?.length) {
    postToPages({ type: 'delivered', delivered: result.delivered });
  }
  return result;
}

function postToPages(message: ChannelMessage) {
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage(message);
  channel.close();
}

/**
 * Without a page asking (sync event, start-up). `isReconnect`: the sync event, which the browser
 * fires when the connection is back; like the page's `online`, a backoff earned without a network
 * is no reason to wait.
 */
async function drainFromWorker(isReconnect: boolean): Promise<void> {
  const userId = (await getDb().meta.get(OUTBOX_USER_KEY))?.value;
  if (typeof userId !== 'string') {
    return;
  }
  if (isReconnect) {
    await dueNow(getDb(), userId);
  }
  const result = await drainAs(userId);
  if (result?.authorMismatch) {
    // An open page of this user re-checks who is signed in (the worker has no session state).
    postToPages({ type: 'author-mismatch', userId });
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

// A page's drain: its result goes back to that page, which handles it as if it had drained itself
// (retry timer, the author check, telling its other tabs).
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data: unknown = event.data;
  const port = event.ports[0];
  if (!isDrainRequest(data) || !port) {
    return;
  }
  const reply = (message: DrainReply) => port.postMessage(message);
  reply({ type: 'accepted' });
  event.waitUntil(
    drainAs(data.userId).then(
      (result) => reply({ type: 'drained', result }),
      () => reply({ type: 'drained', result: null }),
    ),
  );
});

void drainFromWorker(false).catch(() => undefined);
