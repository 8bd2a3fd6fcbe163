import type { OutboxOp } from './types';

/**
 * The tap path: the collector's local rows and the outbox operation in ONE IndexedDB transaction on
 * a held connection, written with the bare IndexedDB API (no wrapper work, no live-query hooks) and
 * with no reads: "Saved" is shown only after this resolves (the transaction's complete event).
 *
 * Coalescing happens when the drain forms a batch (drain.ts), not here: an index read before the
 * write doubled the transaction's time under 4x CPU throttling (17.5 ms vs 9.5 ms median, measured
 * with scripts/bench). On the wire the result is the one design.md asks for: a newer pending upsert
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
    const tx = idb.transaction([...stores], 'readwrite', { durability: 'strict' });
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
    // A failed request (a ConstraintError of an `add`, say: another tab took that trial number) must
    // take the whole tap with it: a point stored without its operation would never be sent. The
    // error's default action aborts the transaction; aborting here as well makes sure of it, and the
    // rejection comes once, from onabort.
    tx.onerror = () => abort(tx);
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
    } catch (error) {
      // Thrown at once (a row without its key, a store missing): nothing of the tap may commit.
      abort(tx);
      reject(error as Error); // a DOMException, as from onabort
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
