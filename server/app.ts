import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fastifyStatic from '@fastify/static';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { logSerializers } from './lib/log-serializers';
import { frameworkErrors, registerErrorHandler } from './plugins/errors';
import { registerSecurity } from './plugins/security';
import { RACED_UNIQUE_CONSTRAINTS, registerFeatures } from './features/register';
import { registerFaultInjection } from './plugins/fault-injection';
import { registerIdempotencyEcho } from './plugins/idempotency';
import { registerAuthorCheck } from './plugins/auth';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    /** Set when the server is asked to stop: it reports not ready and asks clients to reconnect elsewhere. */
    lifecycle: { stopping: boolean };
  }
}

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Folder with the built PWA; served with an SPA fallback when present. */
  staticDir?: string | null;
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: NodeJS.WritableStream;
}

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const defaultStaticDir = path.join(rootDir, 'dist');

// Keys logged for requests; bodies are never logged, and these are redacted if they appear anywhere.
const REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.old_password',
  '*.new_password',
  '*.email',
];

/** Builds the app without listening (tests use app.inject; server/start.ts listens). */
export async function buildApp({ config, database, staticDir = defaultStaticDir, logStream }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : { level: config.LOG_LEVEL, redact: REDACT, serializers: logSerializers, ...(logStream ? { stream: logStream } : {}) },
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors,
    bodyLimit: config.BODY_LIMIT_BYTES,
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    connectionTimeout: config.REQUEST_TIMEOUT_MS * 2,
    trustProxy: config.TRUST_PROXY,
    genReqId: () => crypto.randomUUID(),
  });
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('lifecycle', { stopping: false });
  // While stopping, every answer closes its connection: the client's next request opens a new one,
  // which the load balancer sends to a server that stays.
  app.addHook('onSend', async (_request, reply) => {
    if (app.lifecycle.stopping) {
      void reply.header('Connection', 'close');
    }
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app, RACED_UNIQUE_CONSTRAINTS);

  // A bodiless POST (logout, lock) validates as {}.
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined && request.method !== 'GET' && request.method !== 'HEAD') {
      request.body = {};
    }
  });
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, {});
      return;
    }
    try {
      done(null, JSON.parse(text));
    } catch {
      const error = Object.assign(new Error('Body is not valid JSON.'), { statusCode: 400 });
      done(error, undefined);
    }
  });

  registerIdempotencyEcho(app);
  await app.register(cookie);
  registerAuthorCheck(app);
  await registerSecurity(app);
  await app.register(swagger, {
    openapi: { info: { title: 'Thera API', version: '0.1.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  app.get('/healthz', { config: { access: { kind: 'public' } } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { config: { access: { kind: 'public' } } }, async (_req, reply) => {
    if (app.lifecycle.stopping) {
      return reply.status(503).send({ detail: 'This server is stopping; another one takes the request.', code: 'UNAVAILABLE' });
    }
    try {
      await database.ping();
      return { status: 'ready', database: database.kind };
    } catch {
      return reply.status(503).send({ detail: 'Database unreachable.', code: 'UNAVAILABLE' });
    }
  });

  registerFaultInjection(app, config.E2E_FAULTS);
  await app.register(async (api) => registerFeatures(api));

  if (staticDir && fs.existsSync(path.join(staticDir, 'index.html'))) {
    await serveApp(app, staticDir);
  }
  return app;
}

async function serveApp(app: FastifyInstance, staticDir: string) {
  await app.register(fastifyStatic, {
    root: staticDir,
    wildcard: false,
    setHeaders: (res, filePath) => {
      // Hashed assets are immutable; the service worker and the shell must revalidate.
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header('Cache-Control', 'public, max-age=31536000, immutable');
      } else {
        res.header('Cache-Control', 'no-cache');
      }
    },
  });
  const indexHtml = fs.readFileSync(path.join(staticDir, 'index.html'));
  app.get('/*', { config: { access: { kind: 'public' } } }, async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url.startsWith('/api/')) {
      return reply.status(404).send({ detail: 'Not found.', code: 'NOT_FOUND' });
    }
    const file = path.join(staticDir, path.normalize(url).replace(/^(\.\.[/\\])+/, ''));
    if (url !== '/' && fs.existsSync(file) && fs.statSync(file).isFile()) {
      return reply.sendFile(path.relative(staticDir, file));
    }
    return reply.header('Cache-Control', 'no-cache').type('text/html').send(indexHtml);
  });
}
