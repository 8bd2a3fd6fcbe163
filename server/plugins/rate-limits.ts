import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimitOptions } from '@fastify/rate-limit';
import { AppError } from '../lib/app-error';

const WINDOW_MS = 60_000;
const tooMany = () => new AppError('RATE_LIMITED', 'Too many attempts. Wait a minute and try again.');

/** Per-address limit for sign-in, registration and unlock: route config for @fastify/rate-limit. */
export function perAddress(app: FastifyInstance): RateLimitOptions {
  return {
    max: app.config.RATE_LIMIT_AUTH_PER_MINUTE,
    timeWindow: WINDOW_MS,
    keyGenerator: (request) => request.ip,
    // Thrown as is, so 429 leaves through the one error handler with the one error shape.
    errorResponseBuilder: () => tooMany(),
  };
}

/**
 * A second, per-account limit with its own counter (the plugin runs one limiter per route hook).
 * Checked from the handler once the account is known: the e-mail in the body, or the session user.
 */
export function perAccount(
  app: FastifyInstance,
  name: string,
  account: (request: FastifyRequest) => string,
): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  const limiter = app.createRateLimit({
    max: app.config.RATE_LIMIT_AUTH_PER_MINUTE,
    timeWindow: WINDOW_MS,
    keyGenerator: (request) => `${name}:${account(request).toLowerCase()}`,
  });
  return async (request, reply) => {
    const result = await limiter(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', String(result.ttlInSeconds));
      throw tooMany();
    }
  };
}
