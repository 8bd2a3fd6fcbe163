import Dexie, { type EntityTable } from 'dexie';
import type { OutboxOp } from '../outbox/types';
import type { LocalPoint, CachedSession, CachedGoal, MetaRow, LocalTrial, LocalTimer } from './types';

/**
 * The device database. Versions only move forward; the outbox table is never dropped or cleared by
 * a migration. Hot tables (points, outbox) are written by the collector's tap path with
 * one short transaction and are not watched by live queries.
 */
export class TheraDb extends Dexie {
  outbox!: EntityTable<OutboxOp, 'seq'>;
  points!: EntityTable<LocalPoint, 'key'>;
  sessions!: EntityTable<CachedSession, 'id'>;
  goals!: EntityTable<CachedGoal, 'key'>;
  trials!: EntityTable<LocalTrial, 'key'>;
  timers!: EntityTable<LocalTimer, 'key'>;
  meta!: EntityTable<MetaRow, 'key'>;

  constructor(name = 'thera') {
    super(name);
    this.version(1).stores({
      outbox: '++seq, id, lane, coalesceKey, batchId, userId',
      points: 'key, sessionId, id',
      sessions: 'id, userId, organizationId, startAt',
      goals: 'key, studentId, userId',
      trials: 'key, sessionId',
      timers: 'key, sessionId',
      meta: 'key',
    });
    // v2: counts by state without reading every operation (the sync indicator refreshes often).
    this.version(2).stores({
      outbox: '++seq, id, lane, coalesceKey, batchId, userId, [userId+state]',
    });
    // v3: fewer indexes on the tap path (every tap writes each one). The drain reads a lane's head
    // with one ranged getAll on [lane+seq]; the outbox's id, coalesceKey and batchId and the points'
    // id were never queried.
    this.version(3).stores({
      outbox: '++seq, [lane+seq], userId, [userId+state]',
      points: 'key, sessionId',
    });
  }
}

let instance: TheraDb | null = null;
/** One connection per context, held open (opening per tap would cost more than the write). */
export function getDb(): TheraDb {
  instance ??= new TheraDb();
  return instance;
}
export function setDbForTests(db: TheraDb | null) {
  instance = db;
}
