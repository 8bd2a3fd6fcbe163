import type { FastifyInstance } from 'fastify';
import * as calls from '../../../contract/memberships';
import { registerUserCall } from '../../lib/register-call';
import * as service from './service';

export function routes(app: FastifyInstance) {
  registerUserCall(app, calls.myMemberships, ({ ctx, query }) => service.listMyMemberships(ctx, query));
}

export { UNIQUE_CONSTRAINTS } from './present';
