import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TheraDb } from '../../src/shared/db/db';
import { commitWithOp, type LocalWrite } from '../../src/shared/outbox/commit';
import type { OutboxOp } from '../../src/shared/outbox/types';

/**
 * A tap is confirmed only when its rows and its operation committed together: a request that fails
 * inside the tap's transaction (not only the commit itself) must take all of it with it.
 */
let n = 0;
const op = (id: string): OutboxOp => ({
  id,
  userId: 'u',
  organizationId: 'org',
  lane: 'session:s',
  kind: 'points.upsert',
  params: { id: 's' },
  body: { trial_no: 1 },
  coalesceKey: 's/1',
  state: 'pending',
  batchId: null,
  leaseUntil: 0,
  attempts: 0,
  nextAttemptAt: 0,
  createdAt: 0,
  lastError: null,
});

/** One tap writing every store the collector's taps use, and its operation. */
const tap: LocalWrite[] = [
  { store: 'points', put: { key: 'p-1', sessionId: 's', value: 'new' } },
  { store: 'trials', put: { key: 't-1', sessionId: 's', value: 'new' } },
  { store: 'timers', put: { key: 'c-1', sessionId: 's', value: 'new' } },
  { store: 'sessions', put: { id: 's', value: 'new' } },
  { store: 'meta', put: { key: 'm-1', value: 'new' } },
];
const STORES = ['points', 'trials', 'timers', 'sessions', 'meta', 'outbox'] as const;

async function freshDb() {
  const db = new TheraDb(`commit-${n++}`);
  await db.open();
  return db;
}

/** What each store holds, by key, besides the rows a test put there before the tap. */
async function contents(db: TheraDb) {
  return {
    points: await db.points.toArray(),
    trials: await db.trials.toArray(),
    timers: await db.timers.toArray(),
    sessions: await db.sessions.toArray(),
    meta: await db.meta.toArray(),
    outbox: await db.outbox.toArray(),
  };
}

afterEach(() => vi.restoreAllMocks());

describe('the tap transaction', () => {
  it('stores the rows and the operation together', async () => {
    const db = await freshDb();
    await commitWithOp(db.backendDB(), tap, op('a-aaaaaaaa'));
    const stored = await contents(db);
    expect(STORES.map((s) => stored[s].length)).toEqual([1, 1, 1, 1, 1, 1]);
    db.close();
  });

  it.each(STORES)('stores nothing of the tap and rejects when a request in %s fails (constraint error)', async (failing) => {
    const db = await freshDb();
    // A row already under the key the failing request will add: its request fails with ConstraintError.
    if (failing === 'outbox') {
      await db.outbox.add({ ...op('old-aaaaaaaa'), seq: 1 });
    } else {
      const write = tap.find((w) => w.store === failing) as LocalWrite;
      await db.table(failing).put({ ...(write.put as object), value: 'old' });
    }
    const before = await contents(db);
    const realAdd = IDBObjectStore.prototype.add;
    const realPut = IDBObjectStore.prototype.put;
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
      return this.name === failing ? realAdd.call(this, value, key) : realPut.call(this, value, key);
    });
    vi.spyOn(IDBObjectStore.prototype, 'add').mockImplementation(function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
      return this.name === failing && failing === 'outbox'
        ? realAdd.call(this, { ...(value as object), seq: 1 }, key)
        : realAdd.call(this, value, key);
    });
    const error = await commitWithOp(db.backendDB(), tap, op('a-aaaaaaaa')).catch((e: unknown) => e);
    vi.restoreAllMocks();
    expect((error as DOMException).name).toBe('ConstraintError');
    expect(await contents(db)).toEqual(before);
    db.close();
  });

  it('stores nothing of the tap and rejects when a put throws at once (a row without its key)', async () => {
    const db = await freshDb();
    const broken: LocalWrite[] = [...tap.slice(0, 2), { store: 'timers', put: { sessionId: 's' } }, ...tap.slice(3)];
    await expect(commitWithOp(db.backendDB(), broken, op('a-aaaaaaaa'))).rejects.toMatchObject({ name: 'DataError' });
    // Let the aborted transaction finish before looking.
    await new Promise((r) => setTimeout(r, 20));
    const stored = await contents(db);
    expect(STORES.map((s) => stored[s].length)).toEqual([0, 0, 0, 0, 0, 0]);
    db.close();
  });
});
