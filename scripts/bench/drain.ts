import 'fake-indexeddb/auto';
import { v7 as uuidv7 } from 'uuid';
import { TheraDb } from '../../src/shared/db/db';
import { commitWithOp } from '../../src/shared/outbox/commit';
import { drain, fetchSender } from '../../src/shared/outbox/drain';
import type { OutboxOp } from '../../src/shared/outbox/types';
import type { Therapist } from './harness';

/**
 * Drain: N queued points reach the server through our outbox (batched, one lane), and the same N
 * through workbox-background-sync's Queue (one request each) as the baseline. Both run in this
 * Node process on an in-memory IndexedDB against the same server over loopback.
 */
function pointBody(goalId: string, trialNo: number, seq: number) {
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
    recorded_at: new Date(Date.now() + seq).toISOString(),
    device_id: 'bench-device-1',
    device_seq: seq,
  };
}

async function serverCount(base: string, t: Therapist, sessionId: string): Promise<number> {
  const res = await fetch(`${base}/api/collector/sessions/${sessionId}/?organization_id=${t.organizationId}`, { headers: { cookie: t.cookie } });
  const body = (await res.json()) as { goals: { data: unknown[] }[] };
  return body.goals.reduce((n, g) => n + g.data.length, 0);
}

export async function benchOutboxDrain(base: string, t: Therapist, n: number, firstTrial: number) {
  const db = new TheraDb(`bench-drain-${Date.now()}`);
  await db.open();
  const idb = db.backendDB();
  for (let i = 0; i < n; i++) {
    const trialNo = firstTrial + i;
    const op: OutboxOp = {
      id: uuidv7(),
      userId: 'bench',
      organizationId: t.organizationId,
      lane: `session:${t.sessionId}`,
      kind: 'points.upsert',
      params: { id: t.sessionId },
      body: pointBody(t.goalId, trialNo, trialNo),
      coalesceKey: `${t.sessionId}/${t.goalId}/-/${trialNo}`,
      state: 'pending',
      batchId: null,
      leaseUntil: 0,
      attempts: 0,
      nextAttemptAt: 0,
      createdAt: Date.now(),
      lastError: null,
    };
    await commitWithOp(idb, [], op);
  }
  const before = await serverCount(base, t, t.sessionId);
  const timings: number[] = [];
  const inner = fetchSender((input, init) => fetch(`${base}${String(input)}`, { ...init, headers: { ...(init?.headers as Record<string, string>), cookie: t.cookie } }));
  const send: typeof inner = async (request) => {
    const t0 = performance.now();
    const answer = await inner(request);
    timings.push(performance.now() - t0);
    return answer;
  };
  const started = performance.now();
  const result = await drain({ db, send, now: Date.now, newId: uuidv7, userId: 'bench', exclusive: true });
  const ms = performance.now() - started;
  const left = await db.outbox.count();
  const after = await serverCount(base, t, t.sessionId);
  db.close();
  return { ms, sent: result.sent, left, arrived: after - before, requests: timings.length, requestMs: timings.reduce((a, b) => a + b, 0) };
}

export async function benchWorkboxQueue(base: string, t: Therapist, n: number, firstTrial: number) {
  // workbox-background-sync expects a service worker global; give it the little it touches.
  const g = globalThis as unknown as { self: unknown; registration: unknown; location: unknown };
  g.self = globalThis;
  g.registration = {};
  g.location = new URL(base);
  const { Queue } = await import('workbox-background-sync');
  const queue = new Queue(`bench-${Date.now()}`, { forceSyncFallback: true, maxRetentionTime: 24 * 60 });
  for (let i = 0; i < n; i++) {
    const trialNo = firstTrial + i;
    await queue.pushRequest({
      request: new Request(`${base}/api/collector/datapoints/?organization_id=${t.organizationId}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', cookie: t.cookie, 'Idempotency-Key': uuidv7() },
        body: JSON.stringify({ ...pointBody(t.goalId, trialNo, trialNo), session_id: t.sessionId }),
      }),
    });
  }
  const before = await serverCount(base, t, t.sessionId);
  const started = performance.now();
  await queue.replayRequests();
  const ms = performance.now() - started;
  const after = await serverCount(base, t, t.sessionId);
  return { ms, arrived: after - before, left: (await queue.size()) };
}
