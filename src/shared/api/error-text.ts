import { isApiError, isRecord, serverText } from './api-error';

/**
 * Fallback texts for failed calls, used verbatim: the ones shared code or several features use. A
 * feature's own texts sit in its folder (src/features/<feature>/error-text.ts).
 */
export const ERROR_TEXT = {
  generic: 'An unknown error occurred.',
  login: 'Login failed.',
  register: 'Registration failed',
  registerNetwork: 'Network or system error',
  updateProfile: 'Failed to update profile',
  fetchStudents: 'Failed to fetch students',
  addStudent: 'Unable to add student',
  removeStudent: 'Unable to remove student',
} as const;

/** A call's fallback: one text, or one for answered failures and another for network failures. */
export type ErrorFallback = string | { text: string; network?: string };

/**
 * The one place that turns an error into a sentence: the server's `detail` (or `error`),
 * else the error's own message, else the call's fallback, else 'An unknown error occurred.'.
 * An ApiError's message is ours, not the server's, so it never stands in for the fallback.
 */
export function errorText(error: unknown, fallback: ErrorFallback = ERROR_TEXT.generic): string {
  const text = typeof fallback === 'string' ? fallback : fallback.text;
  const network = typeof fallback === 'string' ? undefined : fallback.network;
  if (isApiError(error)) {
    const fromServer = serverText(error.body);
    if (fromServer) {
      return fromServer;
    }
    if (error.isNetworkError && network) {
      return network;
    }
    return text || ERROR_TEXT.generic;
  }
  // Error bodies handed around as plain objects (e.g. collector results) follow the same rule.
  const fromBody = serverText(error);
  if (fromBody) {
    return fromBody;
  }
  if (isRecord(error) || error instanceof Error) {
    const message = (error as { message?: unknown }).message;
    if (typeof message === 'string' && message.trim() !== '') {
      return message;
    }
  }
  return text || ERROR_TEXT.generic;
}

/**
 * An action's refusal with its fallback words first and the server's reason after them:
 * "Unable to add student: Room 4 is full: 1 of 1 seats are taken." (just the fallback without a reason).
 */
export function refusalText(error: unknown, fallback: string): string {
  const reason = errorText(error, fallback);
  return reason === fallback ? fallback : `${fallback}: ${reason}`;
}
