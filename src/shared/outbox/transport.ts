import { buildPath, collector, scheduling, workspace, type Route } from '../../../contract/routes';
import type { OpKind, OutboxOp } from './types';

/** Where each kind of operation goes. Its body was built to the contract's types by the tap; the server checks it. */
const ROUTE_FOR: Record<Exclude<OpKind, 'points.upsert'>, Route> = {
  'points.delete': collector.deletePoints,
  'point.correct': collector.correctPoint,
  'trial.startNext': collector.startNextTrial,
  'trial.complete': collector.completeTrial,
  'focus.start': collector.startFocus,
  'focus.stop': collector.stopFocus,
  'session.start': scheduling.startTherasession,
  'session.end': scheduling.endTherasession,
  'workspace.open': workspace.openWorkspace,
  'workspace.close': workspace.closeWorkspace,
};

/**
 * Coalescing (design.md): of several pending upserts with the same key in one batch only the newest
 * is sent; the older ones are confirmed (and removed) with it. Order within the batch is kept.
 */
export function newestPerKey(group: OutboxOp[]): OutboxOp[] {
  const newest = new Map<string, number>();
  group.forEach((op, i) => newest.set(op.coalesceKey ?? `#${i}`, i));
  return group.filter((op, i) => newest.get(op.coalesceKey ?? `#${i}`) === i);
}

export interface OutboxRequest {
  method: string;
  url: string;
  key: string;
  body: unknown;
}

/** The HTTP request for a group of operations: consecutive point upserts go as one batch call. */
export function requestFor(group: OutboxOp[], key: string): OutboxRequest {
  const head = group[0];
  if (!head) {
    throw new Error('empty group');
  }
  const query = `?organization_id=${encodeURIComponent(head.organizationId)}`;
  if (head.kind === 'points.upsert') {
    return {
      method: 'POST',
      url: buildPath(collector.upsertPoints.path, head.params) + query,
      key,
      body: { points: newestPerKey(group).map((op) => op.body) },
    };
  }
  const route = ROUTE_FOR[head.kind];
  return { method: route.method, url: buildPath(route.path, head.params) + query, key, body: head.body };
}

export type Verdict =
  | { kind: 'done' }
  | { kind: 'pause'; reason: 'signin' | 'unlock' }
  | { kind: 'retry'; status: number; detail: string }
  | { kind: 'attention'; status: number; code: string; detail: string };

/** Response classes (design.md): done, pause for sign-in/unlock, retry with backoff, needs attention. */
export function classify(status: number, body: { code?: string; detail?: string } | null, op: OutboxOp): Verdict {
  const code = body?.code ?? '';
  const detail = body?.detail ?? (status === 0 ? 'No connection.' : `The server answered ${status}.`);
  if (status >= 200 && status < 300) {
    return { kind: 'done' };
  }
  // Started elsewhere already: what this tap asked for is true on the server.
  if (status === 409 && code === 'ALREADY_STARTED' && op.kind === 'session.start') {
    return { kind: 'done' };
  }
  if (status === 401) {
    return { kind: 'pause', reason: 'signin' };
  }
  if (status === 423) {
    return { kind: 'pause', reason: 'unlock' };
  }
  if (status === 403 && code !== 'FOREIGN_ORIGIN') {
    return { kind: 'pause', reason: 'signin' };
  }
  if (status === 0 || status === 408 || status === 429 || status >= 500 || code === 'IDEMPOTENCY_IN_PROGRESS') {
    return { kind: 'retry', status, detail };
  }
  return { kind: 'attention', status, code, detail };
}

/** Exponential backoff with full jitter: 1 s doubling to 60 s. */
export function backoffMs(attempts: number, random = Math.random): number {
  const cap = Math.min(60_000, 1000 * 2 ** Math.max(0, attempts - 1));
  return Math.round(cap / 2 + (random() * cap) / 2);
}
