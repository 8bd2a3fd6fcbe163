import type { FastifyInstance } from 'fastify';
import * as contract from '../../../contract/scheduling';
import { getTherasession } from '../../../contract/scheduling-desk';
import { registerTxCall } from '../../lib/register-call';
import { asSessionId } from '../../lib/ids';
import * as service from './service';
import { startSession, endSession } from './service-lifecycle';
import { readSession } from './service-read';

export function routes(app: FastifyInstance) {
  registerTxCall(app, contract.listTherasessions, ({ ctx, query }) => service.listSessionPage(ctx, query));
  registerTxCall(app, contract.createTherasession, ({ ctx, body }) => service.createSession(ctx, body));
  registerTxCall(app, contract.startTherasession, ({ ctx, params, body }) => startSession(ctx, asSessionId(params.id), body));
  registerTxCall(app, getTherasession, ({ ctx, params }) => readSession(ctx, asSessionId(params.id)));
  registerTxCall(app, contract.endTherasession, ({ ctx, params, body }) => endSession(ctx, asSessionId(params.id), body));
}
