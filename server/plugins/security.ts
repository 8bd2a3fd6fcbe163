import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { databaseRateLimitStore } from './rate-limit-store';
import { AppError } from '../lib/app-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export async function registerSecurity(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Ionic's web components set inline styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // The PWA opens downloads in new tabs; keep cross-origin isolation off.
    crossOriginEmbedderPolicy: false,
  });

  // API answers carry personal data: no browser, proxy or service-worker cache may keep them.
  // Errors and 404s included (onSend runs for every answer).
  // The server's clock rides on every API answer: a tablet whose own clock is hours off still
  // knows the organization's real day (src/shared/api/server-clock.ts).
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/')) {
      reply.header('Cache-Control', 'no-store');
      reply.header('X-Server-Time', String(Date.now()));
    }
  });

  // Rate limits are opt-in per route (sign-in, registration, unlock); see features/accounts. On
  // PostgreSQL every API server counts in the database, so the limits hold across servers.
  const store = app.database.kind === 'postgres' ? { store: databaseRateLimitStore(app.database) } : {};
  await app.register(rateLimit, { global: false, ...store });

  // A state-changing request from a foreign Origin is refused (CSRF floor beside SameSite=Lax).
  const allowed = new URL(app.config.PUBLIC_ORIGIN).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) {
      return;
    }
    const origin = request.headers.origin;
    if (!origin) {
      return; // same-origin fetches from old browsers and non-browser clients send none
    }
    const host = request.headers.host;
    const sameHost = host !== undefined && (origin === `http://${host}` || origin === `https://${host}`);
    if (origin !== allowed && !sameHost) {
      throw new AppError('FOREIGN_ORIGIN', 'Requests from another site are not allowed.');
    }
  });
}
