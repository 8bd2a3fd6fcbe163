import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../api/api-error';
import { plainMessage } from './plain-errors';

/**
 * Puts the server's field errors (400/409 with `errors`, contract/errors.ts) on the form's own
 * fields, so they read like the client's checks. Answers whether every message found its field;
 * the rest stay in the form's error summary.
 */
export function applyServerErrors<V extends FieldValues>(
  error: unknown,
  fields: ReadonlyArray<FieldPath<V>>,
  setError: UseFormSetError<V>,
): boolean {
  if (!isApiError(error) || !error.errors) {
    return false;
  }
  let placedAll = true;
  for (const [field, messages] of Object.entries(error.errors)) {
    const known = fields.find((name) => name === field);
    if (known) {
      setError(known, { type: 'server', message: messages.map(plainMessage).join(' ') }, { shouldFocus: true });
    } else {
      placedAll = false;
    }
  }
  return placedAll;
}
