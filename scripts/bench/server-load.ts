import autocannon from 'autocannon';
import { v7 as uuidv7 } from 'uuid';
import type { Therapist } from './harness';

/**
 * Server throughput with autocannon at 50 connections: single-point upserts per second
 * (POST /api/collector/datapoints/) and points per second through the batch call
 * (POST /api/collector/sessions/{id}/points/, BATCH points a request), and the batch's latency at a
 * realistic offered rate. Each request writes new keys.
 */
export const BATCH = 100;
const MORNING_BATCHES = 200;
const MORNING_RATE = 20;

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

/** Saturation (50 connections as fast as answered), or a fixed offered rate for `amount` requests. */
type Pace = { seconds: number } | { rate: number; amount: number };

async function run(url: string, cookie: string, body: () => string, pace: Pace) {
  const result = await autocannon({
    url,
    ...('seconds' in pace
      ? { connections: 50, duration: pace.seconds }
      : { connections: pace.rate, overallRate: pace.rate, amount: pace.amount }),
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    requests: [{ setupRequest: (req) => ({ ...req, body: body(), headers: { ...req.headers, 'idempotency-key': uuidv7() } }) }],
  });
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    p50Ms: result.latency.p50,
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
    { seconds },
  );
  const batchUrl = `${base}/api/collector/sessions/${t.sessionId}/points/?organization_id=${t.organizationId}`;
  const batchBody = () => JSON.stringify({ points: Array.from({ length: BATCH }, () => point(t, ++trial % 100_000 || 1, ++seq)) });
  const batch = await run(batchUrl, t.cookie, batchBody, { seconds });
  // A clinic's morning: 200 therapists each send one batch within 10 s (20 a second, offered at a fixed rate).
  const morning = await run(batchUrl, t.cookie, batchBody, { rate: MORNING_RATE, amount: MORNING_BATCHES });
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
    morningBatches: MORNING_BATCHES,
    morningRate: MORNING_RATE,
    morningP99Ms: morning.p99Ms,
    morningP50Ms: morning.p50Ms,
    morningNon2xx: morning.non2xx + morning.errors,
  };
}
