/**
 * Checks for data read back from this device (IndexedDB, localStorage), an edge like any
 * other: an older version of the app or another tab may have written it. They are a few lines
 * instead of zod schemas because they run on the
 * start-up path, which must not load zod (src/shared/api/calls.ts). Each is typed against the type
 * it guards, so a field added to the type cannot be forgotten here.
 */
export type Check<T> = (value: unknown) => value is T;

export const isString: Check<string> = (value): value is string => typeof value === 'string';
export const isNumber: Check<number> = (value): value is number => typeof value === 'number' && Number.isFinite(value);
export const isBoolean: Check<boolean> = (value): value is boolean => typeof value === 'boolean';

export function nullable<T>(check: Check<T>): Check<T | null> {
  return (value): value is T | null => value === null || check(value);
}

export function arrayOf<T>(check: Check<T>): Check<T[]> {
  return (value): value is T[] => Array.isArray(value) && value.every(check);
}

export function recordOf<T>(check: Check<T>): Check<Record<string, T>> {
  return (value): value is Record<string, T> => isPlainObject(value) && Object.values(value).every(check);
}

/** An object whose every listed field passes its check (other fields are left as they are). */
export function object<T extends object>(fields: { [K in keyof T]-?: Check<T[K]> }): Check<T> {
  const entries = Object.entries(fields) as [string, Check<unknown>][];
  return (value): value is T => isPlainObject(value) && entries.every(([key, check]) => check(value[key]));
}

/** The value when it passes, else null (what a reader does with data it cannot trust). */
export function checked<T>(value: unknown, check: Check<T>): T | null {
  return check(value) ? value : null;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
