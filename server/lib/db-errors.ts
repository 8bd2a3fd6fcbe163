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
