import type { z } from 'zod';
import type { Call, CallInput, CallResponse } from '../../../contract/http';
import { buildPath, type Route } from '../../../contract/routes/define';
import { ApiError, type FieldErrors } from './api-error';
import { loadCall, type CallAt } from './calls';
import { goOffline } from '../offline/offline-redirect';
import { connectivity } from '../offline/connectivity';
import { noteServerTime, SERVER_TIME_HEADER } from './server-clock';

export interface ApiOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * A network failure sends the user to the offline page unless the current route works offline
   * (offline-redirect.ts). Background work (outbox drain, sign-out clean-up) passes false.
   */
  offlineRedirect?: boolean;
}

type Listener = (error: ApiError) => void;
const unauthorizedListeners = new Set<Listener>();
const lockedListeners = new Set<Listener>();

/**
 * A 401 from any call signs the user out. A wrong password (INVALID_CREDENTIALS on sign-in,
 * unlock or password change) is a 401 too but ends nothing, so it is not reported.
 */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/** A 423 means the session was locked (maybe in another tab): the app shows the lock screen. */
export function onLocked(listener: Listener): () => void {
  lockedListeners.add(listener);
  return () => lockedListeners.delete(listener);
}

/** Awaited before a call goes out; throwing fails the call as the network would. */
type RequestGate = (method: string, url: string) => Promise<void> | undefined;
let requestGate: RequestGate | null = null;

/**
 * Lets the auth module hold every call until a sign-out that could not reach the server has gone
 * through, so no call ever uses the signed-out person's cookie again.
 */
export function setRequestGate(gate: RequestGate | null): void {
  requestGate = gate;
}

type CallOf<R extends Route> = CallAt<R> extends infer C extends Call ? C : never;
export type InputAt<R extends Route> = CallInput<CallOf<R>>;
export type ResponseAt<R extends Route> = CallResponse<CallOf<R>>;
/** The body a route's call takes. */
export type BodyAt<R extends Route> = NonNullable<InputAt<R>['body']>;

/**
 * Calls the API at a route as the contract declares it: fills the path, validates and encodes the
 * query and body with the call's schemas, sends JSON with the session cookie, parses the answer with
 * the call's response schema. Every failure is an ApiError.
 *
 * The schemas load on first use (calls.ts). A call given no query and no body has nothing to check
 * before it goes (the server applies the same defaults), so it is sent at once and its schemas load
 * with the answer: the session check at start-up never waits for them, and offline never loads them.
 */
export async function api<R extends Route>(route: R, input?: InputAt<R>, options: ApiOptions = {}): Promise<ResponseAt<R>> {
  const given = (input ?? {}) as { params?: Record<string, unknown>; query?: unknown; body?: unknown };
  const checked = given.query !== undefined || given.body !== undefined ? await callAt(route) : undefined;
  const query = checked ? validate(checked.query, given.query ?? {}) : {};
  const url = buildPath(route.path, given.params ?? {}) + queryString(query as Record<string, unknown>);
  const body = route.method === 'GET' ? undefined : checked ? validate(checked.body, given.body ?? {}) : {};
  const data = await request(route.method, url, body, options);
  const call = checked ?? (await callAt(route));
  const parsed = call.response.safeParse(data);
  if (!parsed.success) {
    throw new ApiError({ status: 200, code: 'INVALID_RESPONSE', body: data, message: `Unexpected answer from ${route.path}` });
  }
  return parsed.data as ResponseAt<R>;
}

/** The call's schemas; failing to load them (a chunk that did not arrive) fails like the network. */
async function callAt(route: Route): Promise<Call> {
  try {
    return (await loadCall(route)) as Call;
  } catch (cause) {
    throw ApiError.network(cause);
  }
}

/** The raw request under `api`, for the few calls that have no contract entry. */
export async function request(method: string, url: string, body?: unknown, options: ApiOptions = {}): Promise<unknown> {
  let response: Response;
  let text: string;
  let sentAt = 0;
  try {
    const waiting = requestGate?.(method, url);
    if (waiting) {
      await waiting;
    }
    sentAt = Date.now();
    response = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...options.headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: options.signal,
    });
    text = await response.text();
  } catch (cause) {
    if (options.signal?.aborted) {
      throw cause;
    }
    const error = ApiError.network(cause);
    connectivity.markUnreachable();
    if (options.offlineRedirect !== false) {
      error.redirectedOffline = goOffline();
    }
    throw error;
  }
  const data = parseJson(text);
  // Only the API's own answers (JSON) say the server is there: a portal's page or a proxy's error does not.
  if ((response.headers.get('Content-Type') ?? '').includes('application/json')) {
    connectivity.markReachable();
    noteServerTime(response.headers.get(SERVER_TIME_HEADER), sentAt, Date.now());
  }
  if (!response.ok) {
    const error = ApiError.fromResponse(response.status, data);
    if (error.status === 401 && error.code !== 'INVALID_CREDENTIALS') {
      unauthorizedListeners.forEach((listener) => listener(error));
    } else if (error.status === 423) {
      lockedListeners.forEach((listener) => listener(error));
    }
    throw error;
  }
  return data;
}

function parseJson(text: string): unknown {
  if (text === '') {
    return null;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Validates what we send with the same schema the server uses; failures look like a server 400. */
function validate(schema: z.ZodType, value: unknown): unknown {
  const result = schema.safeParse(value);
  if (result.success) {
    return result.data;
  }
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    (errors[key] ??= []).push(issue.message);
  }
  throw new ApiError({
    status: 400,
    code: 'VALIDATION_FAILED',
    detail: 'Please correct the highlighted fields.',
    errors,
    body: { detail: 'Please correct the highlighted fields.', code: 'VALIDATION_FAILED', errors },
  });
}

/** Encodes a query object; lists become comma lists. */
export function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) {
    return '';
  }
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') {
      continue;
    }
    search.set(key, Array.isArray(value) ? value.map(String).join(',') : String(value));
  }
  const encoded = search.toString();
  return encoded ? `?${encoded}` : '';
}
