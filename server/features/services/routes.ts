import type { FastifyInstance } from 'fastify';
import * as contract from '../../../contract/services';
import { registerTxCall } from '../../lib/register-call';
import * as service from './service';

export function routes(app: FastifyInstance) {
  registerTxCall(app, contract.listServices, ({ ctx, query }) => service.listServices(ctx, query));
  registerTxCall(app, contract.createService, ({ ctx, body }) => service.createService(ctx, body));
  registerTxCall(app, contract.updateService, ({ ctx, params, body }) => service.updateService(ctx, params.id, body));
  registerTxCall(app, contract.deleteService, ({ ctx, params }) => service.deleteService(ctx, params.id));
  registerTxCall(app, contract.bulkDeleteServices, ({ ctx, body }) => service.bulkDeleteServices(ctx, body.ids));
}

export { UNIQUE_CONSTRAINTS } from './present';
