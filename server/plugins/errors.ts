import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorBody } from '../../contract/errors';
import { AppError } from '../lib/app-error';
import { brokenUniqueConstraint, isDataError, isTransientConflict, sqlState } from '../lib/db-errors';
import type { RacedConstraint } from '../lib/db-errors';

/**
 * Fastify's router refuses a path it cannot decode (a broken %-escape such as a lone surrogate) or
 * whose parameter is too long before any hook runs; by default it answers in its own shape and
 * quotes the path. This answers like every other refusal: our body, no-store, nothing echoed.
 */
export function frameworkErrors(_error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const detail = 'The address of the request is not valid.';
  void reply
    .status(400)
    .header('Cache-Control', 'no-store')
    .send({ detail, code: 'VALIDATION_FAILED', errors: { non_field_errors: [detail] }, error: detail } satisfies ErrorBody);
}

/**
 * The one error path: every failure leaves as { detail, code, errors? }; 5xx never carries internals.
 * `racedConstraints`: the sentence for each unique constraint a person can run into, which the app
 * gathers from the features that own the tables (this plugin knows no feature).
 */
export function registerErrorHandler(app: FastifyInstance, racedConstraints: Readonly<Record<string, RacedConstraint>>) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const send = (status: number, body: ErrorBody) => reply.status(status).send({ ...body, error: body.detail });
    if (error instanceof AppError) {
      return send(error.status, {
        detail: error.message,
        code: error.code,
        ...(error.fieldErrors ? { errors: error.fieldErrors } : {}),
        ...error.extra,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'non_field_errors';
        (errors[field] ??= []).push(issue.message ?? 'Invalid value.');
      }
      const first = Object.entries(errors)[0];
      return send(400, { detail: first ? `${first[0]}: ${first[1][0]}` : 'Invalid request.', code: 'VALIDATION_FAILED', errors });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response does not match the contract');
      return send(500, { detail: 'Something went wrong on our side.', code: 'INTERNAL' });
    }
    if (isDataError(error)) {
      // A value the database refused (type, range, encoding, size): the caller's data, not our fault.
      // The database's message quotes the value, so the answer and the log say only the SQLSTATE.
      request.log.info({ sqlstate: sqlState(error) }, 'database refused a value of the request');
      return send(400, {
        detail: 'A value in the request cannot be stored.',
        code: 'VALIDATION_FAILED',
        errors: { non_field_errors: ['A value in the request cannot be stored.'] },
      });
    }
    if (isTransientConflict(error)) {
      // Rolled back whole by the database to let another request through: the caller's retry succeeds.
      request.log.warn({ sqlstate: sqlState(error) }, 'transaction rolled back by the database, answered as retryable');
      return send(503, { detail: 'Thera is busy. Try again in a moment.', code: 'UNAVAILABLE' });
    }
    const raced = racedConstraints[brokenUniqueConstraint(error) ?? ''];
    if (raced) {
      // Someone else saved the same thing a moment earlier (the owning feature's sentence).
      request.log.info({ sqlstate: '23505', constraint: brokenUniqueConstraint(error) }, 'lost a race to a unique constraint');
      return send(409, { detail: raced.detail, code: 'CONFLICT', ...(raced.field ? { errors: { [raced.field]: [raced.detail] } } : {}) });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) {
      return send(413, { detail: 'The request is too large.', code: 'PAYLOAD_TOO_LARGE' });
    }
    if (status === 415) {
      return send(415, { detail: 'Send JSON (Content-Type: application/json).', code: 'UNSUPPORTED_MEDIA_TYPE' });
    }
    if (status === 429) {
      return send(429, { detail: 'Too many attempts. Wait a minute and try again.', code: 'RATE_LIMITED' });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, empty body): safe to describe.
      return send(400, {
        detail: 'The request could not be read.',
        code: 'VALIDATION_FAILED',
        errors: { non_field_errors: [error.message] },
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(status === 503 ? 503 : 500, {
      detail: 'Something went wrong on our side.',
      code: status === 503 ? 'UNAVAILABLE' : 'INTERNAL',
    });
  });

  app.setNotFoundHandler((request, reply) => reply.status(404).send({ detail: 'Not found.', code: 'NOT_FOUND', error: 'Not found.' }));
}
