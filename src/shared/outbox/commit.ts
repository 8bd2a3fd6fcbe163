import type { OutboxOp } from './types';

/**
 * The tap path: the collector's local rows and the outbox operation in ONE IndexedDB transaction on
 * a held connection, written with the bare IndexedDB API (no wrapper work, no live-query hooks) and
 * with no reads: "Saved" is shown only after this resolves (the transaction's complete event).
 * The transaction is committed explicitly once its requests are issued (`commit()`): in Chromium a
 * request that fails afterwards still aborts it whole (checked: a colliding `add` left no operation
 * stored). At 4x CPU this took the tap's median from 11.0 to 9.1 ms, p95 from 23.8 to 14.0 ms, in
 * back-to-back runs of 300 taps; with a busy core it made no difference we could measure.
 *
 * Coalescing happens when the drain forms a batch (drain.ts), not here: an index read before the
 * write doubled the transaction's time under 4x CPU throttling (17.5 ms vs 9.5 ms median, measured
 * with scripts/bench). On the wire the result is the same: a newer pending upsert
 * with the same key replaces the older one, and an upsert already sent is never touched.
 */
export interface LocalWrite {
  store: 'points' | 'trials' | 'timers' | 'sessions' | 'meta';
  put?: unknown;
  /** Insert only: a row already under that key fails the request with a ConstraintError. */
  add?: unknown;
  delete?: IDBValidKey;
}

export function commitWithOp(idb: IDBDatabase, writes: LocalWrite[], op: OutboxOp | null): Promise<void> {
  const stores = new Set<string>(writes.map((w) => w.store));
  if (op) {
    stores.add('outbox');
  }
  return new Promise((resolve, reject) => {
    // Inside readThenWrite's `write`: these writes join its transaction, after its reads.
    const tx = joining ?? idb.transaction([...stores], 'readwrite', { durability: 'strict' });
    tx.addEventListener('complete', () => resolve());
    tx.addEventListener('abort', () => reject(tx.error ?? new Error('IndexedDB transaction aborted')));
    // A failed request (a ConstraintError of an `add`, say: another tab took that trial number) must
    // take the whole tap with it: a point stored without its operation would never be sent. The
    // error's default action aborts the transaction; aborting here as well makes sure of it, and the
    // rejection comes once, from the abort.
    tx.addEventListener('error', () => abort(tx));
    try {
      for (const w of writes) {
        const store = tx.objectStore(w.store);
        if (w.put !== undefined) {
          store.put(w.put);
        } else if (w.add !== undefined) {
          store.add(w.add);
        } else if (w.delete !== undefined) {
          store.delete(w.delete);
        }
      }
      if (op) {
        const { seq: _ignored, ...row } = op;
        tx.objectStore('outbox').add(row);
      }
      if (tx !== joining) {
        // Every request is issued: commit now, without waiting for their success events to reach
        // this page and the page to tell IndexedDB it is done (a round trip through a main
        // thread that may be busy). A request that fails still aborts the whole transaction.
        tx.commit();
      }
    } catch (error) {
      // Thrown at once (a row without its key, a store missing): nothing of the tap may commit.
      abort(tx);
      reject(error as Error); // a DOMException, as from the abort
    }
  });
}

/** Every store a tap may write: a readThenWrite transaction holds them all. */
export const TAP_STORES = ['points', 'trials', 'timers', 'sessions', 'meta', 'outbox'] as const;

/** The transaction that writes started by readThenWrite's `write` join instead of starting their own. */
let joining: IDBTransaction | null = null;

/**
 * Reads, then writes computed from what was read, in ONE readwrite transaction over every tap store:
 * IndexedDB runs it alone among transactions on those stores, so no other tab can write between
 * the read and the write. The writes are those any commitWithOp started while `write` runs (its
 * synchronous part: the outbox issues a tap's transaction without awaiting anything first); what
 * `write` resolves with is the answer. Used only after a write collided (collisions.ts): the
 * tap's own path reads nothing.
 */
export function readThenWrite<T>(
  idb: IDBDatabase,
  read: (tx: IDBTransaction) => IDBRequest[],
  write: (results: unknown[]) => Promise<T>,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const tx = idb.transaction([...TAP_STORES], 'readwrite', { durability: 'strict' });
    tx.addEventListener('abort', () => reject(tx.error ?? new Error('IndexedDB transaction aborted')));
    const requests = read(tx);
    let left = requests.length;
    const written = () => {
      joining = tx;
      try {
        write(requests.map((r) => r.result as unknown)).then(resolve, reject);
      } catch (error) {
        abort(tx);
        reject(error as Error);
      } finally {
        joining = null;
      }
    };
    for (const request of requests) {
      request.addEventListener('success', () => {
        left -= 1;
        if (left === 0) {
          written();
        }
      });
    }
    if (left === 0) {
      written();
    }
  });
}

function abort(tx: IDBTransaction) {
  try {
    tx.abort();
  } catch {
    // Already finished or aborting: the abort event reports it.
  }
}
