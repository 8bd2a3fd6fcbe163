import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Access, Call } from '../../contract/http';
import { ErrorBody } from '../../contract/errors';
import { authorize, type OrgAccess, type SignedIn } from '../plugins/auth';

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

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}

/** Fastify path syntax from the contract's path (same `:name` syntax, kept as is). */
const toRoute = (path: string) => path;

/**
 * Registers one contract call: the route's schemas, declared access and handler come from one place.
 * The handler stays thin: parse (done here) → service → return.
 */
export function registerCall<C extends Call>(
  app: FastifyInstance,
  call: C,
  handler: (ctx: CallContext<C>) => Promise<z.input<C['response']>>,
): void {
  const status = call.status ?? 200;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: call.method,
    url: toRoute(call.path),
    config: { access: call.access },
    schema: {
      summary: call.summary,
      tags: [call.path.split('/')[2] ?? 'api'],
      params: call.params,
      querystring: call.query,
      ...(call.method === 'GET' ? {} : { body: call.body }),
      response: { [status]: call.response, '4xx': ErrorBody, '5xx': ErrorBody },
    },
    handler: async (request, reply) => {
      const { auth, org } = await authorize(request, call.access);
      const result = await handler({
        params: request.params as z.output<C['params']>,
        query: request.query as z.output<C['query']>,
        body: (request.body ?? {}) as z.output<C['body']>,
        auth: auth as CallContext<C>['auth'],
        org: org as CallContext<C>['org'],
        request,
        reply,
      });
      return reply.status(status).send(result);
    },
  });
}
