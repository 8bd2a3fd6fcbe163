import type { FastifyInstance } from 'fastify';
import * as contract from '../../../contract/workspace';
import { registerTxCall } from '../../lib/register-call';
import * as service from './service';

export function routes(app: FastifyInstance) {
  registerTxCall(app, contract.openWorkspace, ({ ctx, body }) => service.openWorkspace(ctx, body));
  registerTxCall(app, contract.closeWorkspace, ({ ctx, params, body }) => service.closeWorkspace(ctx, params.usageId, body));
}
