import type { TheraDb } from '../db/db';
import { drainLane } from './drain-lane';
import { PAUSE_KEY, type DrainDeps, type DrainResult } from './drain-state';

/** Fetch-based sender for the page and the service worker (same origin, session cookie). */
export function fetchSender(fetchImpl: typeof fetch = fetch.bind(globalThis), timeoutMs = 20_000): DrainDeps['send'] {
  return async (request) => {
    try {
      const response = await fetchImpl(request.url, {
        method: request.method,
        credentials: 'same-origin',
        // The API never redirects: a redirect is a portal or a proxy, never a delivery.
        redirect: 'manual',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': request.key, 'X-Thera-Author': request.author },
        body: JSON.stringify(request.body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const contentType = response.headers.get('Content-Type');
      const echoedKey = response.headers.get('Idempotency-Key');
      if (response.type === 'opaqueredirect') {
        return { status: 0, contentType: null, echoedKey: null, body: null, redirected: true };
      }
      let body: unknown = null;
      if (contentType && /json/i.test(contentType)) {
        try {
          body = await response.json();
        } catch {
          body = null;
        }
      } else {
        await response.body?.cancel().catch(() => undefined); // a portal's page is not read
      }
      return { status: response.status, contentType, echoedKey, body };
    } catch {
      return { status: 0, contentType: null, echoedKey: null, body: null };
    }
  };
}

/**
 * The lanes with operations, from the [lane+seq] index's keys alone, one step per lane: the cursor
 * jumps past each lane's entries ([lane, []] sorts after every [lane, number]). A lane holding only
 * another user's operations then just reads empty.
 */
function laneNames(db: TheraDb): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const lanes: string[] = [];
    const request = db.backendDB().transaction('outbox', 'readonly').objectStore('outbox').index('[lane+seq]').openKeyCursor();
    request.onerror = () => reject(request.error ?? new Error('IndexedDB read failed'));
    request.onsuccess = () => {
      const cursor = request.result;
      if (!cursor) {
        resolve(lanes);
        return;
      }
      const [lane] = cursor.key as [string, number];
      lanes.push(lane);
      cursor.continue([lane, []]);
    };
  });
}

/**
 * Sends every lane of the user until each is empty, waiting for a retry, or the whole outbox pauses
 * for sign-in or unlock. Lanes are independent: a stuck session never blocks another.
 * Operations are removed only after the server confirmed them.
 */
export async function drain(deps: DrainDeps): Promise<DrainResult> {
  const { db } = deps;
  const paused = (await db.meta.get(PAUSE_KEY))?.value as DrainResult['paused'] | undefined;
  if (paused) {
    return { sent: 0, paused, waitingUntil: null };
  }
  const results = await Promise.all((await laneNames(db)).map((lane) => drainLane(deps, lane)));
  const pause = results.find((r) => r.paused)?.paused ?? null;
  const waits = results.map((r) => r.waitingUntil).filter((w): w is number => w !== null);
  return {
    sent: results.reduce((n, r) => n + r.sent, 0),
    paused: pause,
    waitingUntil: waits.length ? Math.min(...waits) : null,
    authorMismatch: results.some((r) => r.authorMismatch),
    delivered: results.flatMap((r) => r.delivered ?? []),
  };
}
