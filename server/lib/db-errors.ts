/**
 * What the database said, without what was in the query. Drizzle wraps a failed query in an error
 * whose message holds the SQL text and every parameter value, and the driver's error carries the
 * database's own message and `detail`, which quote the offending values ("Key (email)=(…)"). None
 * of that may reach a log or an answer: an e-mail, a password hash or a name would leak. Only the
 * SQLSTATE and the names of the schema objects are kept.
 */

// Five characters, digits and capitals, at least one digit (a Node error code such as EPIPE is not one).
const SQLSTATE = /^(?=.*\d)[0-9A-Z]{5}$/;

interface DatabaseErrorFields {
  code?: unknown;
  table?: unknown;
  column?: unknown;
  constraint?: unknown;
  routine?: unknown;
  query?: unknown;
  params?: unknown;
  cause?: unknown;
}

/** The errors of the chain (error, its cause, the cause's cause …), at most a few deep. */
function chain(error: unknown): object[] {
  const found: object[] = [];
  let current: unknown = error;
  while (typeof current === 'object' && current !== null && found.length < 8 && !found.includes(current)) {
    found.push(current);
    current = (current as DatabaseErrorFields).cause;
  }
  return found;
}

/** The SQLSTATE of a database error anywhere in the chain, or null when the database is not involved. */
export function sqlState(error: unknown): string | null {
  for (const link of chain(error)) {
    const code = (link as DatabaseErrorFields).code;
    if (typeof code === 'string' && SQLSTATE.test(code)) {
      return code;
    }
  }
  return null;
}

/** True when a database (or Drizzle's query wrapper) is anywhere in the chain. */
export function involvesDatabase(error: unknown): boolean {
  return sqlState(error) !== null || chain(error).some((link) => 'query' in link && 'params' in link);
}

/**
 * Errors the request's data caused, not the server: a value the column type refuses (class 22:
 * invalid text, out-of-range number or date, bad encoding, string too long), a missing or refused
 * value (23502 not-null, 23514 check), or a value too large for an index or a row (54000 and the
 * other program-limit states). They answer 400, never 500.
 */
export function isDataError(error: unknown): boolean {
  const state = sqlState(error);
  if (!state) {
    return false;
  }
  return state.startsWith('22') || state === '23502' || state === '23514' || state.startsWith('54');
}

/**
 * The database gave up on the transaction so that others could go on (a deadlock it broke, 40P01, or
 * a serialization failure, 40001): nothing was written, and the same request sent again succeeds.
 */
export function isTransientConflict(error: unknown): boolean {
  const state = sqlState(error);
  return state === '40P01' || state === '40001';
}

/** The unique constraint a failed statement broke (SQLSTATE 23505), or null. */
export function brokenUniqueConstraint(error: unknown): string | null {
  if (sqlState(error) !== '23505') {
    return null;
  }
  for (const link of chain(error)) {
    const constraint = (link as DatabaseErrorFields).constraint;
    if (typeof constraint === 'string') {
      return constraint;
    }
  }
  return null;
}

/**
 * What the loser of a race into a unique constraint hears: each side passed the service's own check
 * before either committed, and the database keeps the second out. The answer is what the service's
 * check would have said (409, on the field), never a 500. Each feature declares the sentences for its
 * own tables (`UNIQUE_CONSTRAINTS` in its present.ts); server/features/register.ts gathers them.
 */
export interface RacedConstraint {
  detail: string;
  field?: string;
}

/**
 * Unique constraints that never reach the error handler: the feature resolves a race itself (an
 * e-mail taken meanwhile, a point's identity in the collector), or no request can meet them while
 * the services keep their rules (server-made codes, one built-in role of each kind). Meeting one
 * here is a bug, answered 500. tests/server/db-conflicts.test.ts fails on a unique constraint or
 * index of the schema that is in neither list.
 */
export const RESOLVED_UNIQUE_CONSTRAINTS: readonly string[] = [
  'users_email_unique',
  'organizations_code_unique',
  'data_points_key_uq',
  'point_observations_write_uq',
  'roles_default_for_uq',
  'students_code_uq',
  'calendar_event_people_uq',
  'calendar_feeds_membership_uq',
];

/** A database error as it may be logged: its kind, SQLSTATE and schema names, and the stack's frames only. */
export function databaseErrorForLog(error: unknown): { [key: string]: unknown; type: string; message: string; stack: string } {
  const links = chain(error);
  const pick = (key: keyof DatabaseErrorFields) => {
    for (const link of links) {
      const value = (link as DatabaseErrorFields)[key];
      if (typeof value === 'string' && value.length <= 128) {
        return value;
      }
    }
    return undefined;
  };
  const first = links[0] as Error | undefined;
  // The stack's first line repeats the message (with the parameters): keep only the "at …" frames.
  const frames =
    typeof first?.stack === 'string'
      ? first.stack
          .split('\n')
          .filter((line) => /^\s+at /.test(line))
          .join('\n')
      : '';
  return {
    type: first?.constructor?.name ?? 'Error',
    message: 'Database error (query text, parameters and the database message are not logged)',
    sqlstate: sqlState(error) ?? undefined,
    table: pick('table'),
    column: pick('column'),
    constraint: pick('constraint'),
    routine: pick('routine'),
    stack: frames,
  };
}
