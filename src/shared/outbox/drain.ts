import type { TheraDb } from '../db/db';
import type { OutboxOp } from './types';
import { backoffMs, classify, requestFor, type OutboxRequest, type Verdict } from './transport';
import { LIMITS } from '../../../contract/limits';

export interface DrainDeps {
  db: TheraDb;
  /** Sends one request; resolves with status 0 on a network failure, never rejects. */
  send: (request: OutboxRequest) => Promise<{ status: number; body: { code?: string; detail?: string } | null }>;
  now: () => number;
  newId: () => string;
  /** Only this user's operations go out: unsent items stay with their user. */
  userId: string;
  leaseMs?: number;
  random?: () => number;
  /** True when this context holds the `outbox-drain` lock: in-flight operations left behind are orphans. */
  exclusive?: boolean;
}

export type DrainResult = { sent: number; paused: 'signin' | 'unlock' | null; waitingUntil: number | null };

export const PAUSE_KEY = 'outbox.paused';
/** Bumped by every resume: a 401 answering a request sent before the user signed in again must not pause. */
export const RESUME_EPOCH_KEY = 'outbox.resumeEpoch';
const epochOf = async (db: TheraDb) => ((await db.meta.get(RESUME_EPOCH_KEY))?.value as number | undefined) ?? 0;
export const LAST_SYNC_KEY = 'outbox.lastSyncAt';

/** Fetch-based sender for the page and the service worker (same origin, session cookie). */
export function fetchSender(fetchImpl: typeof fetch = fetch.bind(globalThis), timeoutMs = 20_000): DrainDeps['send'] {
  return async (request) => {
    try {
      const response = await fetchImpl(request.url, {
        method: request.method,
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': request.key },
        body: JSON.stringify(request.body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      let body: { code?: string; detail?: string } | null = null;
      try {
        body = (await response.json()) as typeof body;
      } catch {
        body = null;
      }
      return { status: response.status, body };
    } catch {
      return { status: 0, body: null };
    }
  };
}

/**
 * The head of a lane in order: the 'lane' index is ordered by (lane, seq), so reading a batch's
 * worth from its start is enough (a batch's operations are consecutive in the lane).
 */
async function laneHead(db: TheraDb, lane: string, userId: string): Promise<OutboxOp[]> {
  return db.outbox
    .where('lane')
    .equals(lane)
    .filter((op) => op.userId === userId && op.state !== 'attention')
    .limit(LIMITS.pointsPerBatch + 1)
    .toArray();
}

/** The next group to send from the head of a lane, with its batch key (kept across retries). */
function nextGroup(ops: OutboxOp[], newId: () => string): { group: OutboxOp[]; key: string } | null {
  const head = ops[0];
  if (!head) {
    return null;
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
  const { db, userId } = deps;
  const paused = (await db.meta.get(PAUSE_KEY))?.value as DrainResult['paused'] | undefined;
  if (paused) {
    return { sent: 0, paused, waitingUntil: null };
  }
  const lanes = [...new Set((await db.outbox.where('userId').equals(userId).toArray()).filter((o) => o.state !== 'attention').map((o) => o.lane))];
  const results = await Promise.all(lanes.map((lane) => drainLane(deps, lane)));
  const pause = results.find((r) => r.paused)?.paused ?? null;
  const waits = results.map((r) => r.waitingUntil).filter((w): w is number => w !== null);
  return { sent: results.reduce((n, r) => n + r.sent, 0), paused: pause, waitingUntil: waits.length ? Math.min(...waits) : null };
}

async function drainLane(deps: DrainDeps, lane: string): Promise<DrainResult> {
  const { db, now } = deps;
  let sent = 0;
  for (;;) {
    if ((await db.meta.get(PAUSE_KEY))?.value) {
      return { sent, paused: (await db.meta.get(PAUSE_KEY))?.value as 'signin', waitingUntil: null };
    }
    const ops = await laneHead(db, lane, deps.userId);
    const head = ops[0];
    if (!head) {
      return { sent, paused: null, waitingUntil: null };
    }
    if (head.nextAttemptAt > now()) {
      return { sent, paused: null, waitingUntil: head.nextAttemptAt };
    }
    if (head.state === 'inflight' && head.leaseUntil > now() && !deps.exclusive) {
      return { sent, paused: null, waitingUntil: head.leaseUntil }; // another context holds it
    }
    const next = nextGroup(ops, deps.newId);
    if (!next) {
      return { sent, paused: null, waitingUntil: null };
    }
    const { group, key } = next;
    const leaseUntil = now() + (deps.leaseMs ?? 30_000);
    await db.outbox.bulkPut(group.map((op) => ({ ...op, state: 'inflight' as const, batchId: key, leaseUntil, attempts: op.attempts + 1 })));
    const epochAtSend = await epochOf(db);
    const response = await deps.send(requestFor(group, key));
    const verdict: Verdict = classify(response.status, response.body, group[0] as OutboxOp);
    const seqs = group.map((op) => op.seq as number);
    switch (verdict.kind) {
      case 'done':
        await db.transaction('rw', db.outbox, db.meta, async () => {
          await db.outbox.bulkDelete(seqs);
          await db.meta.put({ key: LAST_SYNC_KEY, value: now() });
        });
        sent += group.length;
        break;
      case 'pause': {
        const isStale = await db.transaction('rw', db.outbox, db.meta, async () => {
          await db.outbox.where('seq').anyOf(seqs).modify({ state: 'pending', leaseUntil: 0 });
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
      case 'retry': {
        const attempts = Math.max(...group.map((op) => op.attempts + 1));
        const at = now() + backoffMs(attempts, deps.random);
        // Same batch, same key next time: if the server did commit, it answers with the stored response.
        await db.outbox.where('seq').anyOf(seqs).modify({ state: 'pending', leaseUntil: 0, nextAttemptAt: at });
        return { sent, paused: null, waitingUntil: at };
      }
      case 'attention':
        if (group.length > 1) {
          // A refused batch stored nothing; send its points one by one to find the refused ones.
          await db.transaction('rw', db.outbox, async () => {
            for (const op of group) {
              await db.outbox.update(op.seq as number, { state: 'pending', leaseUntil: 0, batchId: op.id });
            }
          });
        } else {
          await db.outbox.update(seqs[0] as number, {
            state: 'attention',
            leaseUntil: 0,
            lastError: { status: verdict.status, code: verdict.code, detail: verdict.detail },
          });
        }
        break;
    }
  }
}

/** Needs-attention actions: retry sends it again with the same key; discard drops it. */
export async function retryAttention(db: TheraDb, seq: number) {
  await db.outbox.update(seq, { state: 'pending', attempts: 0, nextAttemptAt: 0, lastError: null });
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
