/** Field errors in the contract's error shape: field path → messages. */
export type FieldErrors = Record<string, string[]>;

export interface ApiErrorInit {
  status: number;
  code: string;
  detail?: string;
  errors?: FieldErrors;
  body?: unknown;
  message?: string;
}

/**
 * The one error every API call throws. `status` 0 with code FETCH_ERROR means the request never got
 * an answer (offline, DNS, server down); anything else is the server's answer.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly detail: string;
  readonly errors: FieldErrors | undefined;
  readonly body: unknown;
  /** Set by the client when this failure sent the user to the offline page. */
  redirectedOffline = false;

  constructor(init: ApiErrorInit) {
    super(init.message ?? (init.detail || `Request failed with status ${init.status}`));
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.detail = init.detail ?? '';
    this.errors = init.errors;
    this.body = init.body ?? null;
  }

  get isNetworkError(): boolean {
    return this.code === 'FETCH_ERROR';
  }

  /** Builds the error from a non-2xx answer; tolerates bodies that are not the contract's shape. */
  static fromResponse(status: number, body: unknown): ApiError {
    const record = isRecord(body) ? body : {};
    return new ApiError({
      status,
      code: typeof record.code === 'string' ? record.code : `HTTP_${status}`,
      detail: serverText(body) ?? '',
      errors: readFieldErrors(record.errors),
      body,
    });
  }

  static network(cause: unknown): ApiError {
    const message = cause instanceof Error && cause.message ? cause.message : 'Network request failed';
    return new ApiError({ status: 0, code: 'FETCH_ERROR', body: null, message });
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The server's own sentence, if it sent one: `detail` (a string, or the first entry of a
 * list), else `error` (the server mirrors `detail` into it).
 */
export function serverText(body: unknown): string | undefined {
  if (!isRecord(body)) {
    return undefined;
  }
  for (const key of ['detail', 'error'] as const) {
    const text = firstText(body[key]);
    if (text) {
      return text;
    }
  }
  return undefined;
}

function firstText(value: unknown): string | undefined {
  if (typeof value === 'string') {
    return value.trim() || undefined;
  }
  if (Array.isArray(value)) {
    for (const entry of value) {
      const text = firstText(entry);
      if (text) {
        return text;
      }
    }
  }
  return undefined;
}

function readFieldErrors(value: unknown): FieldErrors | undefined {
  if (!isRecord(value)) {
    return undefined;
  }
  const out: FieldErrors = {};
  for (const [field, messages] of Object.entries(value)) {
    const list = (Array.isArray(messages) ? messages : [messages]).filter((m): m is string => typeof m === 'string' && m !== '');
    if (list.length > 0) {
      out[field] = list;
    }
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
