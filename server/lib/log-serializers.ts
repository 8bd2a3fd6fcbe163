import type { FastifyRequest } from 'fastify';
import { databaseErrorForLog, involvesDatabase } from './db-errors';

type LoggedError = { [key: string]: unknown; type: string; message: string; stack: string };

/** An error as pino's standard serializer logs it (type, message, stack, code), with its cause's the same way. */
function plainErrorForLog(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) {
    return { type: typeof error, message: String(error), stack: '' };
  }
  const fields = error as Error & { code?: unknown; statusCode?: unknown };
  return {
    type: error.constructor?.name ?? 'Error',
    message: error.message,
    stack: error.stack ?? '',
    ...(fields.code !== undefined ? { code: fields.code } : {}),
    ...(fields.statusCode !== undefined ? { statusCode: fields.statusCode } : {}),
    ...(error.cause !== undefined && depth < 4 ? { cause: plainErrorForLog(error.cause, depth + 1) } : {}),
  };
}

/**
 * pino serializers for the app's logger, so nothing personal is logged:
 * - err: a database error loses its query, parameters and the database's message (they quote row
 *   values: e-mails, password hashes, names); other errors are logged as pino does;
 * - req: method and path, never the query string (a search or a filter can hold a name).
 * Bodies are never logged; cookies, authorization and password/e-mail keys are also redacted.
 */
export const logSerializers = {
  err: (error: unknown): LoggedError => (involvesDatabase(error) ? databaseErrorForLog(error) : plainErrorForLog(error)),
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: (request.url ?? '').split('?')[0],
    host: request.host,
    remoteAddress: request.ip,
  }),
};
