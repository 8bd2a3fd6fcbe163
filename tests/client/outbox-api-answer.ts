import type { OutboxRequest, SendResult } from '../../src/shared/outbox/transport';

export { loadCallEagerly as loadCall } from '../../src/shared/outbox/load-call-eager';

/** An answer as the API gives it: JSON, with the request's Idempotency-Key echoed. */
export function apiAnswer(request: OutboxRequest, status: number, body: unknown): SendResult {
  return { status, contentType: 'application/json; charset=utf-8', echoedKey: request.key, body };
}

/** The API's success body for a request: every point and key acknowledged. */
export function acknowledged(request: OutboxRequest): unknown {
  const body = request.body as { points?: { id: string }[]; keys?: unknown[] };
  if (request.route.name === 'upsertPoints') {
    const ids = (body.points ?? []).map((p) => p.id);
    return { applied: ids.length, stale: 0, received_ids: ids, conflicts: [] };
  }
  if (request.route.name === 'deletePoints') {
    return { applied: body.keys?.length ?? 0, stale: 0, received: body.keys?.length ?? 0 };
  }
  return { focus: null };
}

/** No answer at all (network down). */
export const noAnswer: SendResult = { status: 0, contentType: null, echoedKey: null, body: null };
