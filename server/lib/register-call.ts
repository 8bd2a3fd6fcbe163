import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { fieldsToChange, namesNothingToChange, NOTHING_TO_CHANGE, type Access, type Call } from '../../contract/http';
import { ErrorBody } from '../../contract/errors';
import { AppError } from './app-error';
import { authorize, clearSessionCookie, loadSession, setSessionCookie, type OrgAccess, type SignedIn } from './access';
import {
  NIL_ORG,
  idempotencyKey,
  idempotencyLockName,
  requestHash,
  withIdempotencyInTx,
  withIdempotencyStandalone,
  type Replay,
} from '../plugins/idempotency';
import type { Tx } from '../db/handles';
import type { AuditTrail } from './audit-trail';
import type { JsonText } from './json-text';
import { requestContext, userContext, type PublicContext, type RequestContext, type UserContext } from './request-context';

export interface CallContext<C extends Call> {
  params: z.output<C['params']>;
  query: z.output<C['query']>;
  body: z.output<C['body']>;
  /** Present for access 'user' and 'org'. */
  auth: C['access'] extends { kind: 'public' } ? SignedIn | null : SignedIn;
  /** Present for access 'org': the organization checked against the user's memberships. */
  org: C['access'] extends { kind: 'org' } ? OrgAccess : null;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface TxCallContext<C extends Call> extends Omit<CallContext<C>, 'org' | 'auth'> {
  org: OrgAccess;
  auth: SignedIn;
  /** The tenant transaction (runtime role, RLS bound to org); the idempotency record joins it. */
  tx: Tx;
  /** The organization's audit trail, bound to this call, its user and its transaction. */
  trail: AuditTrail;
  /** All of the above as one value: what a tenant service takes first. */
  ctx: RequestContext;
}

/** What a public or user call's handler receives: the call's input and the user-level context. */
export interface UserCallContext<C extends Call> {
  params: z.output<C['params']>;
  query: z.output<C['query']>;
  body: z.output<C['body']>;
  ctx: C['access'] extends { kind: 'public' } ? PublicContext : UserContext;
}

export interface CallOptions {
  /** @fastify/rate-limit options for this route (sign-in, registration, unlock). */
  rateLimit?: RateLimitOptions;
  /**
   * A second limit checked once the account is known (plugins/rate-limits.ts, perAccount): it runs
   * after sign-in and access are checked, right before the handler.
   */
  accountLimit?: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /**
   * The answer's media type when it is text other than JSON (an iCal feed): set on success only, so a
   * refusal still leaves as the one JSON error shape.
   */
  contentType?: string;
  /**
   * The answer holds a secret shown once (a feed's address, of which only a hash is stored): it is
   * never kept for replay, so an Idempotency-Key is ignored and a retry makes a new one.
   */
  answersSecret?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Who is calling, as authorize() checked it against the call's declared access. */
type Checked = Awaited<ReturnType<typeof authorize>>;

type Handler = (request: FastifyRequest, reply: FastifyReply, checked: Checked) => Promise<unknown>;

/**
 * Sign-in comes before validation: without a session a call that needs one answers 401 and
 * nothing else, so an anonymous caller never learns a call's fields from its 400 field errors.
 * (The full check, lock and organization access, stays in the handler: authorize().)
 */
async function signInFirst(this: unknown, request: FastifyRequest) {
  const access = request.routeOptions.config.access;
  if (access && access.kind !== 'public' && !(await loadSession(request))) {
    throw new AppError('NOT_SIGNED_IN', 'You are not signed in.');
  }
}

/** Each update's body as the client sent it, kept from before validation fills in defaults. */
const sentBodies = new WeakMap<FastifyRequest, unknown>();

/**
 * The hooks before a call's handler: sign-in first, and for an update, whether it names anything to
 * change. An update that names no field it can change (`{}`, only unknown keys, only read-only ones the schema
 * drops) is refused as invalid input once the body has passed validation, before access is checked and
 * before anything is written: answering the record as it was would tell a client that sent the wrong
 * fields that its change was kept. Every PATCH and PUT call gets this from its contract
 * (fieldsToChange in contract/http.ts), so no feature has to remember it.
 */
function beforeHandler(call: Call) {
  if (fieldsToChange(call).length === 0) {
    return { preValidation: signInFirst };
  }
  return {
    preValidation: [
      signInFirst,
      async (request: FastifyRequest) => {
        sentBodies.set(request, request.body);
      },
    ],
    preHandler: async (request: FastifyRequest) => {
      if (namesNothingToChange(call, sentBodies.get(request))) {
        throw new AppError('VALIDATION_FAILED', NOTHING_TO_CHANGE);
      }
    },
  };
}

function route(app: FastifyInstance, call: Call, options: CallOptions, handler: Handler) {
  const status = call.status ?? 200;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: call.method,
    url: call.path,
    config: { access: call.access, ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}) } as FastifyContextConfig,
    ...beforeHandler(call),
    schema: {
      summary: call.summary,
      tags: [call.path.split('/')[2] ?? 'api'],
      params: call.params,
      querystring: call.query,
      ...(call.method === 'GET' ? {} : { body: call.body }),
      response: { [status]: call.response, '4xx': ErrorBody, '5xx': ErrorBody },
    },
    // The full access check (lock, organization, permission) runs before any handler, for every call.
    handler: async (request, reply) => handler(request, reply, await authorize(request, call.access)),
  });
}

/** The call's input as its schemas validated it, and the request and reply, as every handler gets them. */
function callInput<C extends Call>(request: FastifyRequest, reply: FastifyReply) {
  return {
    params: request.params as z.output<C['params']>,
    query: request.query as z.output<C['query']>,
    body: (request.body ?? {}) as z.output<C['body']>,
    request,
    reply,
  };
}

function sendReplay(reply: FastifyReply, replay: Replay) {
  return reply.status(replay.status).header('Idempotent-Replayed', 'true').send(replay.body);
}

/**
 * Registers one contract call: schemas, declared access and handler come from one place.
 * Mutating calls honour Idempotency-Key: a retry after a lost answer gets the stored answer, not a
 * second effect. The handler stays thin: service → return.
 */
export function registerCall<C extends Call>(
  app: FastifyInstance,
  call: C,
  handler: (ctx: CallContext<C>) => Promise<z.input<C['response']>>,
  options: CallOptions = {},
): void {
  const status = call.status ?? 200;
  route(app, call, options, async (request, reply, { auth, org }) => {
    const run = () => handler({ ...callInput<C>(request, reply), auth: auth as CallContext<C>['auth'], org: org as CallContext<C>['org'] });
    const key = MUTATING.has(call.method) && auth ? idempotencyKey(request) : null;
    if (!key || !auth) {
      const result = await run();
      if (options.contentType) {
        reply.type(options.contentType);
      }
      return reply.status(status).send(result);
    }
    const scope = { organizationId: org?.organizationId ?? NIL_ORG, userId: auth.user.id, key, hash: requestHash(request) };
    const { replay, result } = await withIdempotencyStandalone(request, scope, status, run);
    return replay ? sendReplay(reply, replay) : reply.status(status).send(result);
  });
}

/**
 * An organization call whose whole effect runs in one tenant transaction handed to the handler.
 * With an Idempotency-Key the record is written in that same transaction: exactly once.
 *
 * A read whose answer is large may return it as JSON text the database wrote (JsonText): it is
 * sent as it is, without parsing it back for the response schema's check, which its tests make.
 */
export function registerTxCall<C extends Call>(
  app: FastifyInstance,
  call: C,
  handler: (ctx: TxCallContext<C>) => Promise<z.input<C['response']> | JsonText<z.input<C['response']>>>,
  options: CallOptions = {},
): void {
  const status = call.status ?? 200;
  route(app, call, options, async (request, reply, { auth, org }) => {
    if (!auth || !org) {
      throw new Error(`${call.path} is registered as a transaction call but its access is not 'org'`);
    }
    const key = MUTATING.has(call.method) && !options.answersSecret ? idempotencyKey(request) : null;
    const scope = key ? { organizationId: org.organizationId, userId: auth.user.id, key, hash: requestHash(request) } : null;
    const tryLock = scope ? { tryLock: idempotencyLockName(scope) } : {};
    const outcome = await request.server.database.tenant(
      org.organizationId,
      async (tx, opened) => {
        const ctx = requestContext(tx, {
          access: org,
          actor: auth.user.id,
          actingAs: auth.actingAsUserId ?? null,
          call: `${call.route.feature}.${call.route.name}`,
          url: request.url,
        });
        const run = () => handler({ ...callInput<C>(request, reply), auth, org, tx, trail: ctx.trail, ctx });
        if (!scope) {
          return { replay: null, result: await run() };
        }
        return withIdempotencyInTx(tx, scope, opened.tryLockTaken, status, run);
      },
      tryLock,
    );
    if (outcome.replay) {
      return sendReplay(reply, outcome.replay);
    }
    if (typeof outcome.result === 'string' && call.method === 'GET') {
      reply.type('application/json; charset=utf-8');
    }
    return reply.status(status).send(outcome.result);
  });
}

/**
 * A call that belongs to no organization (access 'public' or 'user'): the handler gets the user-level
 * context, whose cookie is this reply's session cookie. Idempotency as in registerCall.
 */
export function registerUserCall<C extends Call>(
  app: FastifyInstance,
  call: C,
  handler: (input: UserCallContext<C>) => Promise<z.input<C['response']>>,
  options: CallOptions = {},
): void {
  const secure = new URL(app.config.PUBLIC_ORIGIN).protocol === 'https:';
  registerCall(
    app,
    call,
    async ({ params, query, body, auth, request, reply }) => {
      await options.accountLimit?.(request, reply);
      const ctx = userContext(request.server, {
        session: auth,
        client: { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') },
        cookie: {
          set: (token, maxAgeSeconds) => setSessionCookie(reply, token, secure, maxAgeSeconds),
          clear: () => clearSessionCookie(reply),
        },
        url: request.url,
      });
      return handler({ params, query, body, ctx: ctx as UserCallContext<C>['ctx'] });
    },
    options,
  );
}
