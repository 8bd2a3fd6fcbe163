import type { FastifyInstance } from 'fastify';

/**
 * Test-only faults for the chaos e2e (issue 3 §4), off unless E2E_FAULTS is set, e.g.
 * "unavailable=0.05,drop=0.05": a share of the outbox's mutating calls answers 503 before doing
 * anything, another share runs and commits and then loses its response (the socket is destroyed).
 * Only /api/collector, /api/scheduling and workspace calls are touched.
 */
const TOUCHED = /^\/api\/(collector|scheduling)\/|^\/api\/tenant-management\/organization\/workspace\//;
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function parseFaults(spec: string | undefined): { unavailable: number; drop: number } | null {
  if (!spec) {
    return null;
  }
  const faults = { unavailable: 0, drop: 0 };
  for (const part of spec.split(',')) {
    const [name, value] = part.split('=');
    const share = Number(value);
    if ((name === 'unavailable' || name === 'drop') && share >= 0 && share <= 1) {
      faults[name] = share;
    }
  }
  return faults;
}

export function registerFaultInjection(app: FastifyInstance, spec: string | undefined) {
  const faults = parseFaults(spec);
  if (!faults) {
    return;
  }
  app.log.warn({ faults }, 'E2E fault injection is ON');
  app.addHook('onRequest', async (request, reply) => {
    if (!MUTATING.has(request.method) || !TOUCHED.test(request.url)) {
      return;
    }
    const roll = Math.random();
    if (roll < faults.unavailable) {
      return reply.status(503).send({ detail: 'Injected fault.', code: 'UNAVAILABLE' });
    }
    if (roll < faults.unavailable + faults.drop) {
      request.dropResponse = true;
    }
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.dropResponse && reply.statusCode < 300) {
      // The effect is committed; the client never hears about it.
      request.raw.socket.destroy();
    }
    return payload;
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    dropResponse?: boolean;
  }
}
