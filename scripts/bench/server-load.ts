import autocannon from 'autocannon';
import { v7 as uuidv7 } from 'uuid';
import { percentile, trialTap, type Therapist } from './harness';

/**
 * Server throughput with autocannon at 50 connections: single-point upserts per second
 * (POST /api/collector/datapoints/) and points per second through the batch call
 * (POST /api/collector/sessions/{id}/points/, BATCH points a request), and the batch's latency at a
 * realistic offered rate. Each request writes new keys.
 */
export const BATCH = 100;
const MORNING_BATCHES = 200;
const MORNING_SECONDS = 10;

const TRIALS_PER_TARGET = 100_000;

/** The n-th new key of the load (never written before in this run, nor by the drain). */
function point(t: Therapist, n: number, seq: number) {
  const target = t.loadTargets[Math.floor(n / TRIALS_PER_TARGET)];
  if (!target) {
    throw new Error(`the load ran out of new keys after ${n} points`);
  }
  return trialTap(target, (n % TRIALS_PER_TARGET) + 1, 'bench-load-1', seq);
}

/** Saturation: 50 connections, each sending its next request as soon as the last is answered. */
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
    p50Ms: result.latency.p50,
    non2xx: result.non2xx,
    // autocannon counts a timeout (no answer within its default 10 s) as an error too: not added twice.
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/**
 * A clinic's morning: 200 therapists each send one batch at a moment of their own within 10 s (an
 * open load: each batch leaves at its moment on a connection of its own, whether or not the earlier
 * ones were answered, so a slow answer can't hold the next ones back and hide the queue). Latency
 * counts from the moment the batch was due. The moments are the same in every run (a fixed seed).
 */
async function clinicMorning(url: string, cookie: string, body: () => string) {
  let seed = 2026;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const moments = Array.from({ length: MORNING_BATCHES }, () => random() * MORNING_SECONDS * 1000).sort((a, b) => a - b);
  const start = performance.now();
  let failed = 0;
  const latencies = await Promise.all(
    moments.map(async (at) => {
      const payload = body();
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, start + at - performance.now())));
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, 'idempotency-key': uuidv7() },
        body: payload,
      }).catch(() => null);
      await res?.arrayBuffer();
      if (!res?.ok) {
        failed += 1;
      }
      return performance.now() - (start + at);
    }),
  );
  latencies.sort((a, b) => a - b);
  return { p50Ms: Math.round(percentile(latencies, 50)), p99Ms: Math.round(percentile(latencies, 99)), failed };
}

export async function benchServerLoad(base: string, t: Therapist, seconds: number) {
  let key = 0;
  let seq = 0;
  const single = await run(
    `${base}/api/collector/datapoints/?organization_id=${t.organizationId}`,
    t.cookie,
    () => JSON.stringify({ ...point(t, key++, ++seq), session_id: t.sessionId }),
    seconds,
  );
  const batchUrl = `${base}/api/collector/sessions/${t.sessionId}/points/?organization_id=${t.organizationId}`;
  const batchBody = () => JSON.stringify({ points: Array.from({ length: BATCH }, () => point(t, key++, ++seq)) });
  const batch = await run(batchUrl, t.cookie, batchBody, seconds);
  // The saturation run's last requests are still being answered when autocannon stops: let them drain.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const morning = await clinicMorning(batchUrl, t.cookie, batchBody);
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
    morningSeconds: MORNING_SECONDS,
    morningP99Ms: morning.p99Ms,
    morningP50Ms: morning.p50Ms,
    morningNon2xx: morning.failed,
  };
}
