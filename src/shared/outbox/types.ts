/** Every operation the collector queues. */
export type OpKind =
  | 'points.upsert'
  | 'points.delete'
  | 'point.correct'
  | 'trial.startNext'
  | 'trial.complete'
  | 'focus.start'
  | 'focus.stop'
  | 'session.start'
  | 'session.end'
  | 'workspace.open'
  | 'workspace.close';

export type OpState = 'pending' | 'inflight' | 'attention';

export interface OutboxOp {
  seq?: number;
  /** UUID; the Idempotency-Key of a request that carries only this operation. */
  id: string;
  userId: string;
  organizationId: string;
  /** One ordered lane per collector session (or per workspace usage). */
  lane: string;
  kind: OpKind;
  /** The request as the server's contract wants it (params + body). */
  params: Record<string, string>;
  body: Record<string, unknown>;
  /** Point upserts only: when a batch forms, a newer pending upsert with the same key replaces this one. */
  coalesceKey: string | null;
  state: OpState;
  /** Ops sent together share a batch id, used as the Idempotency-Key, until the server answers. */
  batchId: string | null;
  leaseUntil: number;
  attempts: number;
  /** Plain 500s from the API in a row (absent in rows queued before it was counted). */
  serverErrors?: number;
  nextAttemptAt: number;
  createdAt: number;
  lastError: { status: number; code: string; detail: string } | null;
}
