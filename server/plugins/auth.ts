import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';
import { loadSession } from '../lib/access';

const AUTHOR_HEADER = 'x-thera-author';

/**
 * The outbox names who made each operation (X-Thera-Author). Sent under another person's sign-in,
 * it is refused before its body is even validated, with a code the outbox parks on (not
 * needs-attention) until that person signs in again. Without the header nothing changes.
 */
export function registerAuthorCheck(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const access = request.routeOptions.config.access;
    const raw = request.headers[AUTHOR_HEADER];
    const author = Array.isArray(raw) ? raw[0] : raw;
    if (!access || access.kind === 'public' || author === undefined) {
      return;
    }
    const signedIn = await loadSession(request);
    if (!signedIn) {
      throw new AppError('NOT_SIGNED_IN', 'You are not signed in.');
    }
    if (author !== signedIn.user.id) {
      throw new AppError(
        'AUTHOR_MISMATCH',
        "These changes were made under another person's sign-in. They wait until that person signs in again.",
      );
    }
  });
}
