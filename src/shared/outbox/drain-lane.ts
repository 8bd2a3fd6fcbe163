import Dexie from 'dexie';
import type { TheraDb } from '../db/db';
import type { OutboxOp } from './types';
import { backoffMs, judge, requestFor, SERVER_ERRORS_BEFORE_ATTENTION, type Verdict } from './transport';
import { epochOf, LAST_SYNC_KEY, OUTAGE_KEY, PAUSE_KEY, RESUME_EPOCH_KEY, type DrainDeps, type DrainResult } from './drain-state';
import { noteDelivered } from './delivered';
import { LIMITS } from '../../../contract/limits';
import { keepReportedConflicts } from './reported-conflicts';

/**
 * One lane of the outbox, drained in order: the lane's head, the next group to send from it, the
 * send, and what each kind of answer does to the operations.
 */
/** How long a lane parked for another person's sign-in waits before the retry timer tries again. */
const PARK_RECHECK_MS = 15_000;

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

/** How a lane's drain stops for now (drain() adds up the lanes). */
type LaneStop = Omit<DrainResult, 'sent'>;
/** After one group: it was settled (sent or set aside) and the lane goes on, or the lane stops here. */
type Settled = { sent: number; stop?: undefined } | { sent?: undefined; stop: LaneStop };
/** A group on its way: its operations, their key, and the answer the server gave. */
interface Flight {
  group: OutboxOp[];
  key: string;
  seqs: number[];
  recordId: string;
  verdict: Verdict;
  /** The resume epoch read before sending: a pause answer from an older epoch is stale. */
  epochAtSend: number;
}

/**
 * One lane, group after group, in order: read the lane's state, take the next group from its head,
 * send it, settle the answer; until the lane is empty, waits for a retry, or the outbox pauses.
 */
export async function drainLane(deps: DrainDeps, lane: string): Promise<DrainResult> {
  const recordId = recordKey(deps.userId, lane);
  let sent = 0;
  const delivered: NonNullable<DrainResult['delivered']> = [];
  const stop = (how: LaneStop): DrainResult => ({ sent, ...how, delivered });
  // The next head, read while the previous group was on its way (its operations follow that group).
  let prefetched: Promise<OutboxOp[]> | null = null;
  for (;;) {
    const { pausedFor, record, epoch } = await readLaneMeta(deps.db, recordId);
    if (pausedFor) {
      return stop({ paused: pausedFor, waitingUntil: null });
    }
    const ops = await (prefetched ?? laneHead(deps.db, lane, deps.userId));
    prefetched = null;
    const notYet = whyNotNow(ops, record, deps);
    const next = notYet ? null : nextGroup(ops, record, deps.newId);
    if (!next) {
      return stop(notYet ?? { paused: null, waitingUntil: null });
    }
    const { flight, nextHead } = await sendGroup(deps, lane, recordId, next, epoch);
    if (flight.verdict.kind === 'done') {
      prefetched = nextHead;
    } else {
      void nextHead.catch(() => undefined); // the same head goes again (or waits): read it afresh
    }
    const settled = await settle(deps, flight);
    if (settled.stop) {
      return stop(settled.stop);
    }
    sent += settled.sent;
    noteDelivered(delivered, settled.sent > 0 ? flight.group : []);
  }
}

/** One read for the pause, the lane's batch record and the resume epoch. */
async function readLaneMeta(db: TheraDb, recordId: string) {
  const [pauseRow, recordRow, epochRow] = await db.meta.bulkGet([PAUSE_KEY, recordId, RESUME_EPOCH_KEY]);
  return {
    pausedFor: pauseRow?.value as DrainResult['paused'] | undefined,
    record: recordRow?.value as BatchRecord | undefined,
    epoch: (epochRow?.value as number | undefined) ?? 0,
  };
}

/** Why the lane's head can't go now: the lane is empty, its head waits out a backoff, or another context holds it. */
function whyNotNow(ops: OutboxOp[], record: BatchRecord | undefined, deps: DrainDeps): LaneStop | null {
  const head = ops[0];
  if (!head) {
    return { paused: null, waitingUntil: null };
  }
  if (head.nextAttemptAt > deps.now()) {
    return { paused: null, waitingUntil: head.nextAttemptAt };
  }
  if (record && record.leaseUntil > deps.now() && !deps.exclusive && record.seqs.includes(head.seq as number)) {
    return { paused: null, waitingUntil: record.leaseUntil }; // another context holds it
  }
  return null;
}

/**
 * Marks the group in flight, sends it and judges the answer. The lane's next head is read while the
 * request is out (`nextHead`: the operations after this group).
 */
async function sendGroup(deps: DrainDeps, lane: string, recordId: string, next: { group: OutboxOp[]; key: string }, epochAtSend: number) {
  const { db, now } = deps;
  const { group, key } = next;
  const seqs = group.map((op) => op.seq as number);
  // One small row marks the batch in flight: its key survives a crash or a lost answer.
  await db.meta.put({ key: recordId, value: { key, seqs, leaseUntil: now() + (deps.leaseMs ?? 30_000) } satisfies BatchRecord });
  const request = requestFor(group, key);
  const sending = deps.send(request);
  const nextHead = laneHead(db, lane, deps.userId, seqs[seqs.length - 1] as number);
  const verdict = await judge(await sending, request, group[0] as OutboxOp, deps.loadCall);
  const flight: Flight = { group, key, seqs, recordId, verdict, epochAtSend };
  return { flight, nextHead };
}

/** What the answer means for the group's operations and for the lane. */
async function settle(deps: DrainDeps, flight: Flight): Promise<Settled> {
  const { verdict } = flight;
  switch (verdict.kind) {
    case 'done':
      await confirmDelivered(deps, flight);
      return { sent: flight.group.length };
    case 'pause':
      return pauseUnlessStale(deps.db, flight, verdict.reason);
    case 'park':
      // Untouched (no attempt counted, same key): it goes when its author's session is back.
      await releaseBatch(deps.db, flight);
      return { stop: { paused: null, waitingUntil: deps.now() + PARK_RECHECK_MS, authorMismatch: true } };
    case 'retry':
      return retryLater(deps, flight, verdict);
    case 'attention':
      await setAside(
        deps.db,
        flight.recordId,
        flight.group,
        flight.seqs,
        { status: verdict.status, code: verdict.code, detail: verdict.detail },
        0,
      );
      return { sent: 0 };
  }
}

/**
 * The server has them: the operations go, with the batch record and any outage. A batch whose seqs
 * are consecutive (the usual case: one lane queued back to back) goes as one range, which no other
 * operation can sit inside: one request to IndexedDB instead of one per operation (for 500, about
 * a twentieth of the time in Chromium).
 */
async function confirmDelivered({ db, now }: DrainDeps, { seqs, recordId, group, verdict }: Flight) {
  const first = Math.min(...seqs);
  const last = Math.max(...seqs);
  const isRange = last - first + 1 === new Set(seqs).size;
  await db.transaction('rw', db.outbox, db.meta, async () => {
    await (isRange ? db.outbox.where(':id').between(first, last, true, true).delete() : db.outbox.bulkDelete(seqs));
    await db.meta.bulkDelete([recordId, OUTAGE_KEY]);
    await db.meta.put({ key: LAST_SYNC_KEY, value: now() });
    await keepReportedConflicts(db, (group[0] as OutboxOp).lane, verdict.kind === 'done' ? (verdict.conflicts ?? []) : []);
  });
}

/** The same batch with the same key next time, by any context, at once (no lease). */
async function releaseBatch(db: TheraDb, { recordId, key, seqs }: Flight) {
  await db.meta.put({ key: recordId, value: { key, seqs, leaseUntil: 0 } satisfies BatchRecord });
}

/** Sign-in or unlock needed: everything pauses, unless the user did so while this was in flight. */
async function pauseUnlessStale(db: TheraDb, flight: Flight, reason: 'signin' | 'unlock'): Promise<Settled> {
  const isStale = await db.transaction('rw', db.outbox, db.meta, async () => {
    await releaseBatch(db, flight);
    if ((await epochOf(db)) !== flight.epochAtSend) {
      return true; // the user signed in or unlocked while this was in flight: send it again
    }
    await db.meta.put({ key: PAUSE_KEY, value: reason });
    return false;
  });
  return isStale ? { sent: 0 } : { stop: { paused: reason, waitingUntil: null } };
}

/**
 * An outage or a server error: the lane waits out a backoff, then the same batch goes with the same
 * key (if the server did commit, it answers with the stored response). Only the API's own plain 500
 * counts towards giving up; after enough in a row the group is set aside and the lane goes on.
 */
async function retryLater(deps: DrainDeps, flight: Flight, verdict: Extract<Verdict, { kind: 'retry' }>): Promise<Settled> {
  const { db, now } = deps;
  const { group, seqs, recordId } = flight;
  const attempts = Math.max(...group.map((op) => op.attempts + 1));
  const serverErrors = verdict.status === 500 && verdict.outage === null ? Math.max(...group.map((op) => (op.serverErrors ?? 0) + 1)) : 0;
  if (serverErrors >= SERVER_ERRORS_BEFORE_ATTENTION) {
    await setAside(
      db,
      recordId,
      group,
      seqs,
      {
        status: 500,
        code: verdict.code || 'INTERNAL',
        detail: `The server failed on this ${serverErrors} times in a row (${verdict.detail}) It is kept here; what came after it keeps sending.`,
      },
      serverErrors,
    );
    return { sent: 0 };
  }
  const at = now() + backoffMs(attempts, deps.random);
  await db.transaction('rw', db.outbox, db.meta, async () => {
    await releaseBatch(db, flight);
    await db.outbox.where('seq').anyOf(seqs).modify({ attempts, nextAttemptAt: at, serverErrors });
    if (verdict.outage) {
      await db.meta.put({ key: OUTAGE_KEY, value: verdict.outage });
    }
  });
  return { stop: { paused: null, waitingUntil: at } };
}

/**
 * A refused operation goes to needs-attention with the server's reason; its lane goes on behind it.
 * A refused batch stored nothing: its points go one by one to find the refused ones (each keeps its
 * count of server errors, so a point that fails again alone is set aside at once).
 */
async function setAside(
  db: TheraDb,
  recordId: string,
  group: OutboxOp[],
  seqs: number[],
  error: NonNullable<OutboxOp['lastError']>,
  serverErrors: number,
) {
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
