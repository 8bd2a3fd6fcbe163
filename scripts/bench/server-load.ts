import autocannon from 'autocannon';
import { v7 as uuidv7 } from 'uuid';
import type { Therapist } from './harness';

/**
 * Server throughput with autocannon at 50 connections: single-point upserts per second
 * (POST /api/collector/datapoints/) and points per second through the batch call
 * (POST /api/collector/sessions/{id}/points/, BATCH points a request). Each request writes new keys.
 */
const BATCH = 100;

function point(t: Therapist, trialNo: number, seq: number) {
  return {
    id: uuidv7(),
    goal_id: t.goalId,
    sub_goal_id: null,
    trial_no: trialNo,
    kind: 'trial',
    outcome: 'correct',
    prompt_level: null,
    count: null,
    duration_ms: null,
    recorded_at: new Date().toISOString(),
    device_id: 'bench-load-1',
    device_seq: seq,
  };
}

async function run(url: string, cookie: string, body: () => string, seconds: number) {
  const result = await autocannon({
    url,
    connections: 50,
    duration: seconds,
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    requests: [{ setupRequest: (req) => ({ ...req, body: body(), headers: { ...req.headers, 'idempotency-key': uuidv7() } }) }],
  });
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    // autocannon counts a timeout (no answer within its default 10 s) as an error too: not added twice.
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

export async function benchServerLoad(base: string, t: Therapist, seconds: number, trialBase: number) {
  let trial = trialBase;
  let seq = 0;
  const single = await run(
    `${base}/api/collector/datapoints/?organization_id=${t.organizationId}`,
    t.cookie,
    () => JSON.stringify({ ...point(t, ++trial % 100_000 || 1, ++seq), session_id: t.sessionId }),
    seconds,
  );
  const batch = await run(
    `${base}/api/collector/sessions/${t.sessionId}/points/?organization_id=${t.organizationId}`,
    t.cookie,
    () => JSON.stringify({ points: Array.from({ length: BATCH }, () => point(t, ++trial % 100_000 || 1, ++seq)) }),
    seconds,
  );
  return {
    singleUpsertsPerSecond: single.requestsPerSecond,
    singleP99Ms: single.p99Ms,
    singleNon2xx: single.non2xx + single.errors,
    singleTimeouts: single.timeouts,
    batchPointsPerSecond: batch.requestsPerSecond * BATCH,
    batchRequestsPerSecond: batch.requestsPerSecond,
    batchP99Ms: batch.p99Ms,
    batchNon2xx: batch.non2xx + batch.errors,
    batchTimeouts: batch.timeouts,
    pointsPerBatch: BATCH,
  };
}
