import type { OutboxRequest, SendResult } from '../../src/shared/outbox/transport';
import { acknowledged, apiAnswer } from './outbox-api-answer';

/**
 * An in-memory server with the same delivery rules as the real one (server/plugins/idempotency.ts,
 * server/features/collector): per-key stored responses, 422 on a reused key with another body,
 * last-writer-wins by (recorded_at, device_id, device_seq), tombstones for deletes.
 * It records every effect so a test can count how often each operation took effect.
 */
type Stamp = { recorded_at: string; device_id: string; device_seq: number };
const newer = (a: Stamp, b: Stamp) =>
  a.recorded_at !== b.recorded_at
    ? a.recorded_at > b.recorded_at
    : a.device_id !== b.device_id
      ? a.device_id > b.device_id
      : a.device_seq > b.device_seq;

export interface StoredPoint extends Stamp {
  value: unknown;
  deleted: boolean;
}

export class ModelServer {
  points = new Map<string, StoredPoint>();
  /** Lifecycle effects per lane, in the order the server applied them. */
  effects = new Map<string, string[]>();
  /** How many times each write (by its device sequence) or lifecycle marker took effect: must be 1. */
  applied = new Map<string, number>();
  private stored = new Map<string, { hash: string; status: number; body: unknown }>();

  handle(request: OutboxRequest): SendResult {
    const hash = `${request.method} ${request.url} ${JSON.stringify(request.body)}`;
    const prior = this.stored.get(request.key);
    if (prior) {
      return prior.hash === hash
        ? apiAnswer(request, prior.status, prior.body)
        : apiAnswer(request, 422, { code: 'IDEMPOTENCY_KEY_REUSED', detail: 'Reused.' });
    }
    const count = (id: string) => this.applied.set(id, (this.applied.get(id) ?? 0) + 1);
    const url = new URL(request.url, 'http://x');
    const sessionId = url.pathname.split('/')[4] ?? '';
    const body = request.body as Record<string, unknown>;
    if (url.pathname.endsWith('/points/') && request.method === 'POST') {
      for (const p of body.points as (Stamp & { goal_id: string; sub_goal_id: string | null; trial_no: number })[]) {
        count(`write:${p.device_seq}`);
        this.write(`${sessionId}/${p.goal_id}/${p.sub_goal_id ?? '-'}/${p.trial_no}`, p, p, false);
      }
    } else if (url.pathname.endsWith('/points/') && request.method === 'DELETE') {
      for (const k of body.keys as (Stamp & { goal_id: string; sub_goal_id: string | null; trial_no: number })[]) {
        count(`write:${k.device_seq}`);
        this.write(`${sessionId}/${k.goal_id}/${k.sub_goal_id ?? '-'}/${k.trial_no}`, null, k, true);
      }
    } else {
      const lane = `session:${sessionId}`;
      const list = this.effects.get(lane) ?? [];
      list.push(String(body.marker));
      count(`marker:${String(body.marker)}`);
      this.effects.set(lane, list);
    }
    const answer = { status: 200, body: acknowledged(request) };
    this.stored.set(request.key, { hash, ...answer });
    return apiAnswer(request, answer.status, answer.body);
  }

  private write(key: string, value: unknown, stamp: Stamp, deleted: boolean) {
    const current = this.points.get(key);
    if (!current || newer(stamp, current)) {
      this.points.set(key, { value, deleted, recorded_at: stamp.recorded_at, device_id: stamp.device_id, device_seq: stamp.device_seq });
    }
  }

  livePoints(): Map<string, unknown> {
    const live = new Map<string, unknown>();
    for (const [key, p] of this.points) {
      if (!p.deleted) {
        live.set(key, p.value);
      }
    }
    return live;
  }
}
