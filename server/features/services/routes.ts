import type { FastifyInstance } from 'fastify';
import * as contract from '../../../contract/services';
import { registerTxCall } from '../../lib/register-call';
import { bulkDeleteServices, createService, deleteService, listServices, updateService } from './service';

export function servicesRoutes(app: FastifyInstance) {
  registerTxCall(app, contract.listServices, async ({ tx, org, query, request }) =>
    listServices(tx, org.organizationId, query, request.url),
  );

  registerTxCall(app, contract.createService, async ({ tx, org, body, trail }) => createService(tx, org.organizationId, body, trail));

  registerTxCall(app, contract.updateService, async ({ tx, org, params, body, trail }) =>
    updateService(tx, org.organizationId, params.id, body, trail),
  );

  registerTxCall(app, contract.deleteService, async ({ tx, org, params, trail }) =>
    deleteService(tx, org.organizationId, params.id, trail),
  );

  registerTxCall(app, contract.bulkDeleteServices, async ({ tx, org, body, trail }) =>
    bulkDeleteServices(tx, org.organizationId, body.ids, trail),
  );
}
