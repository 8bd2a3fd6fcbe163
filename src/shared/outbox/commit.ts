import type { OutboxOp } from './types';

/**
 * The tap path: the collector's local rows and the outbox operation in ONE IndexedDB transaction on
 * a held connection, written with the bare IndexedDB API (no wrapper work, no live-query hooks).
 * "Saved" is shown only after this resolves (the transaction's complete event).
 *
 * Coalescing (design.md): a point upsert replaces a pending upsert with the same key that is not
 * part of a batch already sent (batchId null). That is safe in any lane order because the server
 * resolves writes to one key by their stamp (recorded_at, device_id, device_seq), not by arrival.
 */
export interface LocalWrite {
  store: 'points' | 'trials' | 'timers' | 'sessions' | 'meta';
  put?: unknown;
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
    tx.onerror = (event) => event.preventDefault(); // reported once through onabort
    for (const w of writes) {
      const store = tx.objectStore(w.store);
      if (w.put !== undefined) {
        store.put(w.put);
      } else if (w.delete !== undefined) {
        store.delete(w.delete);
      }
    }
    if (!op) {
      return;
    }
    const outbox = tx.objectStore('outbox');
    const { seq: _ignored, ...row } = op;
    if (!op.coalesceKey) {
      outbox.add(row);
      return;
    }
    const cursorRequest = outbox.index('coalesceKey').openCursor(IDBKeyRange.only(op.coalesceKey));
    cursorRequest.onsuccess = () => {
      const cursor = cursorRequest.result;
      if (!cursor) {
        outbox.add(row);
        return;
      }
      const existing = cursor.value as OutboxOp;
      if (existing.state === 'pending' && existing.batchId === null && existing.lane === op.lane && existing.kind === op.kind) {
        cursor.update({ ...existing, body: op.body, id: op.id });
        return;
      }
      cursor.continue();
    };
  });
}
