import { v7 as uuidv7 } from 'uuid';
import { Queue } from 'workbox-background-sync';
import { TheraDb } from '../../src/shared/db/db';
import { drain, fetchSender } from '../../src/shared/outbox/drain';
import { loadCallEagerly } from '../../src/shared/outbox/load-call-eager';
import type { OutboxOp } from '../../src/shared/outbox/types';

/**
 * Runs in Chromium (bundled by drain.ts into one script): the outbox's own drain, with the real
 * IndexedDB and fetch of a page, against the workbox-background-sync Queue replaying the same
 * points one request each. The page is a same-origin page of the benchmark server, signed in.
 */
export interface DrainTarget {
  organizationId: string;
  sessionId: string;
  goalId: string;
}

function pointBody(goalId: string, trialNo: number) {
  return {
    id: uuidv7(),
    goal_id: goalId,
    sub_goal_id: null,
    trial_no: trialNo,
    kind: 'trial',
    outcome: trialNo % 3 === 0 ? 'incorrect' : 'correct',
    prompt_level: null,
    count: null,
    duration_ms: null,
    recorded_at: new Date(Date.now() + trialNo).toISOString(),
    device_id: 'bench-device-1',
    device_seq: trialNo,
  };
}

function opFor(t: DrainTarget, trialNo: number): OutboxOp {
  return {
    id: uuidv7(),
    userId: signedInUserId,
    organizationId: t.organizationId,
    lane: `session:${t.sessionId}`,
    kind: 'points.upsert',
    params: { id: t.sessionId },
    body: pointBody(t.goalId, trialNo),
    coalesceKey: `${t.sessionId}/${t.goalId}/-/${trialNo}`,
    state: 'pending',
    batchId: null,
    leaseUntil: 0,
    attempts: 0,
    nextAttemptAt: 0,
    createdAt: Date.now(),
    lastError: null,
  };
}

async function serverCount(t: DrainTarget): Promise<number> {
  const res = await fetch(`/api/collector/sessions/${t.sessionId}/?organization_id=${t.organizationId}`);
  const body = (await res.json()) as { goals: { data: unknown[] }[] };
  return body.goals.reduce((n, g) => n + g.data.length, 0);
}

/** The outbox: n pending point upserts (queued beforehand, as after a day offline), then one drain. */
export async function outboxDrain(t: DrainTarget, n: number, firstTrial: number) {
  const db = new TheraDb(`bench-drain-${Date.now()}`);
  await db.open();
  // Queued in chunks (the taps' own one-transaction path is measured by the tap benchmark).
  for (let i = 0; i < n; i += 500) {
    await db.outbox.bulkAdd(Array.from({ length: Math.min(500, n - i) }, (_, j) => opFor(t, firstTrial + i + j)));
  }
  const before = await serverCount(t);
  const timings: number[] = [];
  const inner = fetchSender();
  const send: typeof inner = async (request) => {
    const t0 = performance.now();
    const answer = await inner(request);
    timings.push(performance.now() - t0);
    return answer;
  };
  const started = performance.now();
  const result = await drain({
    db,
    send,
    loadCall: loadCallEagerly,
    now: Date.now,
    newId: uuidv7,
    userId: signedInUserId,
    exclusive: true,
  });
  const ms = performance.now() - started;
  const left = await db.outbox.count();
  const after = await serverCount(t);
  db.close();
  await db.delete();
  return { ms, sent: result.sent, left, arrived: after - before, requests: timings.length, requestMs: timings.reduce((a, b) => a + b, 0) };
}

/** The baseline: the same points through workbox-background-sync's Queue, one request each. */
export async function workboxDrain(t: DrainTarget, n: number, firstTrial: number) {
  // The Queue looks at self.registration for Background Sync; in a page there is none (fallback mode).
  (self as unknown as { registration: object }).registration = {};
  const queue = new Queue(`bench-${Date.now()}`, { forceSyncFallback: true, maxRetentionTime: 24 * 60 });
  for (let i = 0; i < n; i++) {
    await queue.pushRequest({
      request: new Request(`/api/collector/datapoints/?organization_id=${t.organizationId}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': uuidv7() },
        body: JSON.stringify({ ...pointBody(t.goalId, firstTrial + i), session_id: t.sessionId }),
      }),
    });
  }
  const before = await serverCount(t);
  const started = performance.now();
  await queue.replayRequests();
  const ms = performance.now() - started;
  const after = await serverCount(t);
  return { ms, arrived: after - before, left: await queue.size() };
}

/** The operations' author: the server sends back (AUTHOR_MISMATCH) any other person's operations. */
let signedInUserId = '';

export async function signIn(email: string, password: string) {
  const res = await fetch('/api/users/auth/login/', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) {
    throw new Error(`login failed: ${res.status}`);
  }
  signedInUserId = ((await res.json()) as { user: { id: string } }).user.id;
}
