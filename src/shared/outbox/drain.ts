import Dexie from 'dexie';
import type { TheraDb } from '../db/db';
import type { OutboxOp } from './types';
import {
  backoffMs,
  judge,
  requestFor,
  SERVER_ERRORS_BEFORE_ATTENTION,
  type LoadCall,
  type OutboxRequest,
  type SendResult,
  type Verdict,
} from './transport';
import { LIMITS } from '../../../contract/limits';

export interface DrainDeps {
  db: TheraDb;
  /** Sends one request; resolves with status 0 on a network failure, never rejects. */
  send: (request: OutboxRequest) => Promise<SendResult>;
  /** The contract's call for a route, to check an answer against (the page loads it lazily, the worker imports it). */
  loadCall: LoadCall;
  now: () => number;
  newId: () => string;
  /** Only this user's operations go out: unsent items stay with their user. */
  userId: string;
  leaseMs?: number;
  random?: () => number;
  /** True when this context holds the `outbox-drain` lock: in-flight operations left behind are orphans. */
  exclusive?: boolean;
}

export type DrainResult = {
  sent: number;
  paused: 'signin' | 'unlock' | null;
  waitingUntil: number | null;
  /** The server said these operations were made under another person's sign-in: re-check who is signed in. */
  authorMismatch?: boolean;
};

export const PAUSE_KEY = 'outbox.paused';
/** Bumped by every resume: a 401 answering a request sent before the user signed in again must not pause. */
export const RESUME_EPOCH_KEY = 'outbox.resumeEpoch';
const epochOf = async (db: TheraDb) => ((await db.meta.get(RESUME_EPOCH_KEY))?.value as number | undefined) ?? 0;
export const LAST_SYNC_KEY = 'outbox.lastSyncAt';
/** Why the last try got nothing through ('portal' | 'unreachable'); cleared by the next delivery. */
export const OUTAGE_KEY = 'outbox.outage';
/** How long a lane parked for another person's sign-in waits before the retry timer tries again. */
const PARK_RECHECK_MS = 15_000;

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

/** Where a lane's batch in flight is recorded (one small row, instead of rewriting its operations). */
const recordKey = (userId: string, lane: string) => `outbox.batch:${userId}:${lane}`;
interface BatchRecord {
  /** The Idempotency-Key, kept across retries until the server answers. */
  key: string;
  seqs: number[];
  /** Another context may take the batch over only after this (contexts without navigator.locks). */
  leaseUntil: number;
}

/**
 * The head of a lane in order, read with one getAll on the [lane+seq] index (after `afterSeq`):
 * a batch's operations are consecutive in the lane. Operations of other users or needing attention
 * are skipped; if a whole read is skipped ones, the next read starts after it.
 */
async function laneHead(db: TheraDb, lane: string, userId: string, afterSeq = 0): Promise<OutboxOp[]> {
  let from = afterSeq;
  for (;;) {
    const read = await db.outbox
      .where('[lane+seq]')
      .between([lane, from + 1], [lane, Dexie.maxKey])
      .limit(LIMITS.pointsPerBatch + 1)
      .toArray();
    const usable = read.filter((op) => op.userId === userId && op.state !== 'attention');
    const last = read[read.length - 1];
    if (usable.length > 0 || read.length <= LIMITS.pointsPerBatch || !last) {
      return usable;
    }
    from = last.seq as number;
  }
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
 * The next group to send from the head of a lane, with its key: the lane's recorded batch if one is
 * unanswered (same operations, same key), an operation marked to go alone (`batchId`), or a new
 * batch of up to 500 consecutive point upserts.
 */
function nextGroup(ops: OutboxOp[], record: BatchRecord | undefined, newId: () => string): { group: OutboxOp[]; key: string } | null {
  const head = ops[0];
  if (!head) {
    return null;
  }
  if (record && record.seqs.includes(head.seq as number)) {
    const inBatch = new Set(record.seqs);
    return { group: ops.filter((op) => inBatch.has(op.seq as number)), key: record.key };
  }
  if (head.batchId) {
    return { group: ops.filter((op) => op.batchId === head.batchId), key: head.batchId };
  }
  if (head.kind !== 'points.upsert') {
    return { group: [head], key: head.id };
  }
  const group: OutboxOp[] = [];
  for (const op of ops) {
    if (op.kind !== 'points.upsert' || op.batchId !== null || group.length >= LIMITS.pointsPerBatch) {
      break;
    }
    group.push(op);
  }
  return { group, key: group.length === 1 ? head.id : newId() };
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
  };
}

async function drainLane(deps: DrainDeps, lane: string): Promise<DrainResult> {
  const { db, now } = deps;
  const recordId = recordKey(deps.userId, lane);
  let sent = 0;
  // The next head, read while the previous batch was on its way (its operations follow that batch).
  let prefetched: Promise<OutboxOp[]> | null = null;
  for (;;) {
    // One read for the pause, the lane's batch record and the resume epoch.
    const [pauseRow, recordRow, epochRow] = await db.meta.bulkGet([PAUSE_KEY, recordId, RESUME_EPOCH_KEY]);
    const pausedFor = pauseRow?.value as DrainResult['paused'] | undefined;
    if (pausedFor) {
      return { sent, paused: pausedFor, waitingUntil: null };
    }
    const ops = await (prefetched ?? laneHead(db, lane, deps.userId));
    prefetched = null;
    const head = ops[0];
    if (!head) {
      return { sent, paused: null, waitingUntil: null };
    }
    if (head.nextAttemptAt > now()) {
      return { sent, paused: null, waitingUntil: head.nextAttemptAt };
    }
    const record = recordRow?.value as BatchRecord | undefined;
    if (record && record.leaseUntil > now() && !deps.exclusive && record.seqs.includes(head.seq as number)) {
      return { sent, paused: null, waitingUntil: record.leaseUntil }; // another context holds it
    }
    const next = nextGroup(ops, record, deps.newId);
    if (!next) {
      return { sent, paused: null, waitingUntil: null };
    }
    const { group, key } = next;
    const seqs = group.map((op) => op.seq as number);
    // One small row marks the batch in flight: its key survives a crash or a lost answer.
    await db.meta.put({ key: recordId, value: { key, seqs, leaseUntil: now() + (deps.leaseMs ?? 30_000) } satisfies BatchRecord });
    // A resume after this read makes a 401 to this request stale: it is sent again, never paused.
    const epochAtSend = (epochRow?.value as number | undefined) ?? 0;
    const request = requestFor(group, key);
    const sending = deps.send(request);
    const lastSeq = seqs[seqs.length - 1] as number;
    prefetched = laneHead(db, lane, deps.userId, lastSeq);
    const verdict: Verdict = await judge(await sending, request, group[0] as OutboxOp, deps.loadCall);
    if (verdict.kind !== 'done') {
      void prefetched.catch(() => undefined);
      prefetched = null; // the same head goes again (or waits): read it afresh
    }
    switch (verdict.kind) {
      case 'done':
        await db.transaction('rw', db.outbox, db.meta, async () => {
          await db.outbox.bulkDelete(seqs);
          await db.meta.bulkDelete([recordId, OUTAGE_KEY]);
          await db.meta.put({ key: LAST_SYNC_KEY, value: now() });
        });
        sent += group.length;
        break;
      case 'pause': {
        const isStale = await db.transaction('rw', db.outbox, db.meta, async () => {
          await db.meta.put({ key: recordId, value: { key, seqs, leaseUntil: 0 } satisfies BatchRecord });
          if ((await epochOf(db)) !== epochAtSend) {
            return true; // the user signed in or unlocked while this was in flight: send it again
          }
          await db.meta.put({ key: PAUSE_KEY, value: verdict.reason });
          return false;
        });
        if (isStale) {
          break;
        }
        return { sent, paused: verdict.reason, waitingUntil: null };
      }
      case 'park':
        // Untouched (no attempt counted, same key): it goes when its author's session is back.
        await db.meta.put({ key: recordId, value: { key, seqs, leaseUntil: 0 } satisfies BatchRecord });
        return { sent, paused: null, waitingUntil: now() + PARK_RECHECK_MS, authorMismatch: true };
      case 'retry': {
        const attempts = Math.max(...group.map((op) => op.attempts + 1));
        // Only the API's own plain 500 counts towards giving up; an outage or a gateway never does.
        const serverErrors = verdict.status === 500 && verdict.outage === null ? Math.max(...group.map((op) => (op.serverErrors ?? 0) + 1)) : 0;
        if (serverErrors >= SERVER_ERRORS_BEFORE_ATTENTION) {
          await setAside(db, recordId, group, seqs, {
            status: 500,
            code: verdict.code || 'INTERNAL',
            detail: `The server failed on this ${serverErrors} times in a row (${verdict.detail}) It is kept here; what came after it keeps sending.`,
          }, serverErrors);
          break;
        }
        const at = now() + backoffMs(attempts, deps.random);
        // Same batch, same key next time: if the server did commit, it answers with the stored response.
        await db.transaction('rw', db.outbox, db.meta, async () => {
          await db.meta.put({ key: recordId, value: { key, seqs, leaseUntil: 0 } satisfies BatchRecord });
          await db.outbox.where('seq').anyOf(seqs).modify({ attempts, nextAttemptAt: at, serverErrors });
          if (verdict.outage) {
            await db.meta.put({ key: OUTAGE_KEY, value: verdict.outage });
          }
        });
        return { sent, paused: null, waitingUntil: at };
      }
      case 'attention':
        await setAside(db, recordId, group, seqs, { status: verdict.status, code: verdict.code, detail: verdict.detail }, 0);
        break;
    }
  }
}

/**
 * A refused operation goes to needs-attention with the server's reason; its lane goes on behind it.
 * A refused batch stored nothing: its points go one by one to find the refused ones (each keeps its
 * count of server errors, so a point that fails again alone is set aside at once).
 */
async function setAside(db: TheraDb, recordId: string, group: OutboxOp[], seqs: number[], error: NonNullable<OutboxOp['lastError']>, serverErrors: number) {
  await db.transaction('rw', db.outbox, db.meta, async () => {
    await db.meta.delete(recordId);
    if (group.length > 1) {
      for (const op of group) {
        await db.outbox.update(op.seq as number, { batchId: op.id, serverErrors, nextAttemptAt: 0 });
      }
    } else {
      await db.outbox.update(seqs[0] as number, { state: 'attention', batchId: null, serverErrors: 0, lastError: error });
    }
  });
}

/** Needs-attention actions: retry sends it again with the same key; discard drops it. */
export async function retryAttention(db: TheraDb, seq: number) {
  await db.outbox.update(seq, { state: 'pending', attempts: 0, nextAttemptAt: 0, serverErrors: 0, lastError: null });
}
/** "Retry all": every operation of the user that needs attention goes again, in its lane's order. */
export async function retryAllAttention(db: TheraDb, userId: string): Promise<number> {
  return db.outbox
    .where('[userId+state]')
    .equals([userId, 'attention'])
    .modify({ state: 'pending', attempts: 0, nextAttemptAt: 0, serverErrors: 0, lastError: null });
}
export async function discardAttention(db: TheraDb, seq: number) {
  await db.outbox.delete(seq);
}
export async function resume(db: TheraDb) {
  await db.transaction('rw', db.meta, async () => {
    await db.meta.delete(PAUSE_KEY);
    await db.meta.put({ key: RESUME_EPOCH_KEY, value: (await epochOf(db)) + 1 });
  });
}

/**
 * The connection is back: a backoff earned while there was no network is no reason to wait (after a
 * few minutes offline it reaches 60 s), so the user's pending operations are due now. The page calls
 * it on `online`, the service worker on its `sync` event. A failure from here on backs off again from
 * the attempts already counted.
 */
export async function dueNow(db: TheraDb, userId: string): Promise<void> {
  await db.outbox.where('[userId+state]').equals([userId, 'pending']).modify({ nextAttemptAt: 0 });
}
