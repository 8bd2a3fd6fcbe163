import { buildPath, type Route } from '../../../contract/routes/define';
import { collector } from '../../../contract/routes/collector';
import { scheduling } from '../../../contract/routes/scheduling';
import { workspace } from '../../../contract/routes/workspace';
import type { Call } from '../../../contract/http';
import type { OpKind, OutboxOp } from './types';

/**
 * The features whose calls the outbox makes: the service worker carries their contracts and no
 * others (load-call-eager.ts), so a route of another feature here must add it there too.
 */
export type OutboxFeature = 'collector' | 'scheduling' | 'workspace';

/** Where each kind of operation goes. Its body was built to the contract's types by the tap; the server checks it. */
const ROUTE_FOR: Record<Exclude<OpKind, 'points.upsert'>, Route<OutboxFeature>> = {
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
 * Coalescing: of several pending upserts with the same key in one batch only the newest
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
  /** The operations' user: sent as X-Thera-Author, so the server refuses them under anyone else's session. */
  author: string;
  /** The contract's call, whose response schema the answer must match to count as delivered. */
  route: Route<OutboxFeature>;
}

/** The HTTP request for a group of operations: consecutive point upserts go as one batch call. */
export function requestFor(group: OutboxOp[], key: string): OutboxRequest {
  const head = group[0];
  if (!head) {
    throw new Error('empty group');
  }
  const query = `?organization_id=${encodeURIComponent(head.organizationId)}`;
  if (head.kind === 'points.upsert') {
    const route = collector.upsertPoints;
    return {
      method: route.method,
      url: buildPath(route.path, head.params) + query,
      key,
      body: { points: newestPerKey(group).map((op) => op.body) },
      author: head.userId,
      route,
    };
  }
  const route = ROUTE_FOR[head.kind];
  return { method: route.method, url: buildPath(route.path, head.params) + query, key, body: head.body, author: head.userId, route };
}

/** What came back, as far as the outbox needs it to decide whether the API itself answered. */
export interface SendResult {
  /** 0: no answer (network failure, timeout, or a redirect, which the API never sends). */
  status: number;
  contentType: string | null;
  /** The answer's Idempotency-Key header: the API echoes the key it was sent, a portal or proxy can't. */
  echoedKey: string | null;
  /** The parsed JSON body; null when the answer is not JSON. */
  body: unknown;
  /** True when the request was answered with a redirect (fetch with redirect: 'manual'). */
  redirected?: boolean;
}

/** The contract's call at a route: loaded lazily by the page (no zod at start-up), imported by the worker. */
export type LoadCall = (route: Route) => Promise<Pick<Call, 'response' | 'status'>>;

/** Why nothing is getting through: a sign-in portal in the way, or no sign of Thera at all. */
export type Outage = 'portal' | 'unreachable';

/**
 * Plain 500s from the API (its own JSON answer, not a gateway's 502/503/504 and not a network
 * failure) this many times in a row: the operation goes to needs-attention, kept, instead of
 * blocking its lane for ever.
 */
export const SERVER_ERRORS_BEFORE_ATTENTION = 5;

export type Verdict =
  /** `conflicts`: point ids the answer said met another device's write on the same key. */
  | { kind: 'done'; conflicts?: string[] }
  | { kind: 'pause'; reason: 'signin' | 'unlock' }
  /** Made under another person's sign-in: untouched, the lane waits, the app re-checks who is signed in. */
  | { kind: 'park' }
  | { kind: 'retry'; status: number; code: string; detail: string; outage: Outage | null }
  | { kind: 'attention'; status: number; code: string; detail: string };

const isJson = (contentType: string | null) => !!contentType && /^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(contentType.trim());
const isHtml = (contentType: string | null) => !!contentType && /^(text\/html|application\/xhtml\+xml)\s*(;|$)/i.test(contentType.trim());

const PORTAL_DETAIL = 'This network needs a sign-in page.';
const UNREACHABLE_DETAIL = "Can't reach Thera.";

/**
 * Decides what an answer means. Delivered only when it is provably the API's: the call's success
 * status, a JSON body, the echoed Idempotency-Key, a body that parses against the call's response
 * schema, and for the point batches an acknowledgement of every point sent. Anything that is not
 * the API's is an outage. The schemas are loaded only for an answer that passed every other check,
 * so a start-up without a network never loads them.
 */
export async function judge(answer: SendResult, request: OutboxRequest, op: OutboxOp, loadCall: LoadCall): Promise<Verdict> {
  const { status, contentType } = answer;
  if (answer.redirected || (status >= 300 && status < 400)) {
    return { kind: 'retry', status, code: '', detail: PORTAL_DETAIL, outage: 'portal' };
  }
  if (status === 0) {
    // No answer at all: usually the device is offline, which the indicator shows as such.
    return { kind: 'retry', status, code: '', detail: 'No connection.', outage: null };
  }
  if (!isJson(contentType)) {
    // A sign-in portal's page (or a proxy's empty 204) answering an /api/ call.
    const isPortal = isHtml(contentType) && status < 400;
    return {
      kind: 'retry',
      status,
      code: '',
      detail: isPortal ? PORTAL_DETAIL : UNREACHABLE_DETAIL,
      outage: isPortal ? 'portal' : 'unreachable',
    };
  }
  const body = (answer.body !== null && typeof answer.body === 'object' ? answer.body : {}) as { code?: unknown; detail?: unknown };
  if (status < 200 || status >= 300) {
    return classifyError(status, typeof body.code === 'string' ? body.code : '', typeof body.detail === 'string' ? body.detail : null, op);
  }
  if (answer.echoedKey !== request.key) {
    return { kind: 'retry', status, code: '', detail: UNREACHABLE_DETAIL, outage: 'unreachable' };
  }
  let call: Awaited<ReturnType<LoadCall>>;
  try {
    call = await loadCall(request.route);
  } catch {
    return { kind: 'retry', status, code: '', detail: 'The app could not check the answer; it tries again.', outage: null };
  }
  const parsed = call.response.safeParse(answer.body);
  if (status !== (call.status ?? 200) || !parsed.success) {
    return { kind: 'retry', status, code: '', detail: UNREACHABLE_DETAIL, outage: 'unreachable' };
  }
  if (!isAcknowledged(request, parsed.data)) {
    return { kind: 'retry', status, code: '', detail: 'The server did not confirm every item; they are sent again.', outage: null };
  }
  return { kind: 'done', conflicts: conflictsIn(request, parsed.data) };
}

const conflictsIn = (request: OutboxRequest, data: unknown): string[] =>
  request.route === collector.upsertPoints ? (data as { conflicts: string[] }).conflicts : [];

/** The point batches say what they took in: every point id sent, or as many keys as were sent. */
function isAcknowledged(request: OutboxRequest, data: unknown): boolean {
  const body = request.body as { points?: { id?: unknown }[]; keys?: unknown[] };
  if (request.route === collector.upsertPoints) {
    const received = new Set((data as { received_ids: string[] }).received_ids);
    return (body.points ?? []).every((point) => received.has(String(point.id)));
  }
  if (request.route === collector.deletePoints) {
    return (data as { received: number }).received === (body.keys ?? []).length;
  }
  return true;
}

/** The API's own error answers: pause for sign-in/unlock, park, retry with backoff, or needs attention. */
export function classifyError(status: number, code: string, bodyDetail: string | null, op: OutboxOp): Verdict {
  const detail = bodyDetail ?? `The server answered ${status}.`;
  // Started elsewhere already, or started and ended there (the server refuses a start only on a
  // session that ran; one called off before it ran is started): what this tap asked for is true on
  // the server, and the session's own screen shows its status. Nothing is left that a retry could do.
  if (status === 409 && (code === 'ALREADY_STARTED' || code === 'ALREADY_ENDED') && op.kind === 'session.start') {
    return { kind: 'done' };
  }
  if (status === 403 && code === 'AUTHOR_MISMATCH') {
    return { kind: 'park' };
  }
  if (status === 401) {
    return { kind: 'pause', reason: 'signin' };
  }
  if (status === 423) {
    return { kind: 'pause', reason: 'unlock' };
  }
  // Signing in again would not change what the role opens: the point waits in needs-attention with the reason.
  if (status === 403 && code === 'RECORD_PART_CLOSED') {
    return { kind: 'attention', status, code, detail };
  }
  if (status === 403 && code !== 'FOREIGN_ORIGIN') {
    return { kind: 'pause', reason: 'signin' };
  }
  if (status === 408 || status === 429 || status >= 500 || code === 'IDEMPOTENCY_IN_PROGRESS') {
    return { kind: 'retry', status, code, detail, outage: null };
  }
  return { kind: 'attention', status, code, detail };
}

/** Exponential backoff with full jitter: 1 s doubling to 60 s. */
export function backoffMs(attempts: number, random = Math.random): number {
  const cap = Math.min(60_000, 1000 * 2 ** Math.max(0, attempts - 1));
  return Math.round(cap / 2 + (random() * cap) / 2);
}
