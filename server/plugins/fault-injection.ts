import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Test-only faults for the chaos e2e, off unless E2E_FAULTS is set. Each mode is a share (0–1) of
 * the outbox's mutating calls (/api/collector, /api/scheduling and workspace calls only), drawn per
 * call, and the shares add up (at most 1):
 * - unavailable: answers 503 before doing anything;
 * - drop: runs and commits, then loses the response (the socket is destroyed);
 * - portal: answers 200 text/html with a small terms page, like a captive portal (nothing applied);
 * - nocontent: answers 204 with no body, like a proxy (nothing applied);
 * - stuck500: the call's Idempotency-Key (or the call, without one) gets stuck: it is answered 500
 *   without being applied for `stuck500_count` consecutive attempts (default 6), then let through,
 *   so an operation that keeps failing with 500 shows, and still arrives in the end.
 * Example: "unavailable=0.05,drop=0.05,portal=0.03,nocontent=0.03,stuck500=0.02,stuck500_count=6".
 * No injected answer echoes the Idempotency-Key (a portal or proxy can't).
 */
const TOUCHED = /^\/api\/(collector|scheduling)\/|^\/api\/tenant-management\/organization\/workspace\//;
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const FAULT_MODES = ['unavailable', 'drop', 'portal', 'nocontent', 'stuck500'] as const;
export type FaultMode = (typeof FAULT_MODES)[number];
export type Faults = Record<FaultMode, number> & { stuck500_count: number };

const PORTAL_PAGE =
  '<!doctype html><html><head><title>Guest Wi-Fi</title></head><body><h1>Welcome to Guest Wi-Fi</h1>' +
  '<p>Please accept the terms of use to continue.</p><form method="post"><button>Accept</button></form></body></html>';

/**
 * Reads "name=value,…". Unknown names, shares outside 0–1 and a total above 1 are errors (the
 * config refuses them at start-up); an empty spec means no faults.
 */
export function parseFaults(spec: string | undefined): Faults | null {
  if (!spec) {
    return null;
  }
  const faults: Faults = { unavailable: 0, drop: 0, portal: 0, nocontent: 0, stuck500: 0, stuck500_count: 6 };
  for (const part of spec.split(',').filter((p) => p.trim() !== '')) {
    const [name = '', value = ''] = part.split('=').map((x) => x.trim());
    const number = value === '' ? NaN : Number(value);
    if (name === 'stuck500_count') {
      if (!Number.isInteger(number) || number < 1 || number > 1000) {
        throw new Error(`E2E_FAULTS: stuck500_count must be a whole number from 1 to 1000 (got "${value}").`);
      }
      faults.stuck500_count = number;
    } else if ((FAULT_MODES as readonly string[]).includes(name)) {
      if (!(number >= 0 && number <= 1)) {
        throw new Error(`E2E_FAULTS: ${name} must be a share from 0 to 1 (got "${value}").`);
      }
      faults[name as FaultMode] = number;
    } else {
      throw new Error(`E2E_FAULTS: unknown fault "${name}" (known: ${[...FAULT_MODES, 'stuck500_count'].join(', ')}).`);
    }
  }
  const total = FAULT_MODES.reduce((sum, mode) => sum + faults[mode], 0);
  if (total > 1 + 1e-9) {
    throw new Error(`E2E_FAULTS: the shares add up to ${total}, more than 1.`);
  }
  return faults;
}

/** The mode a roll in [0, 1) falls into, the shares laid end to end in FAULT_MODES order. */
export function pickFault(faults: Faults, roll: number): FaultMode | null {
  let edge = 0;
  for (const mode of FAULT_MODES) {
    edge += faults[mode];
    if (roll < edge) {
      return mode;
    }
  }
  return null;
}

export function registerFaultInjection(app: FastifyInstance, spec: string | undefined, random: () => number = Math.random) {
  const faults = parseFaults(spec);
  if (!faults) {
    return;
  }
  app.log.warn({ faults }, 'E2E fault injection is ON');
  /** Stuck keys and the 500s each still has to get. */
  const stuck = new Map<string, number>();

  const answerStuck = (reply: FastifyReply, key: string | null) => {
    if (key) {
      const left = (stuck.get(key) ?? faults.stuck500_count) - 1;
      if (left > 0) {
        stuck.set(key, left);
      } else {
        stuck.delete(key);
      }
    }
    reply.request.injectedFault = 'stuck500';
    return reply.status(500).send({ detail: 'Injected fault.', code: 'INTERNAL' });
  };

  app.addHook('onRequest', async (request, reply) => {
    if (!MUTATING.has(request.method) || !TOUCHED.test(request.url)) {
      return;
    }
    const key = keyOf(request);
    if (key && stuck.has(key)) {
      return answerStuck(reply, key);
    }
    const mode = pickFault(faults, random());
    request.injectedFault = mode ?? undefined;
    switch (mode) {
      case 'unavailable':
        return reply.status(503).send({ detail: 'Injected fault.', code: 'UNAVAILABLE' });
      case 'portal':
        return reply.status(200).type('text/html; charset=utf-8').send(PORTAL_PAGE);
      case 'nocontent':
        return reply.status(204).send();
      case 'stuck500':
        return answerStuck(reply, key);
      case 'drop':
      case null:
        return;
    }
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.injectedFault && request.injectedFault !== 'drop') {
      // Nothing in the API's place can echo the key: the client must not take this as delivered.
      reply.removeHeader('Idempotency-Key');
    }
    if (request.injectedFault === 'drop' && reply.statusCode < 300) {
      // The effect is committed; the client never hears about it.
      request.raw.socket.destroy();
    }
    return payload;
  });
}

function keyOf(request: FastifyRequest): string | null {
  const raw = request.headers['idempotency-key'];
  const key = Array.isArray(raw) ? raw[0] : raw;
  return key ?? null;
}

declare module 'fastify' {
  interface FastifyRequest {
    injectedFault?: FaultMode;
  }
}
