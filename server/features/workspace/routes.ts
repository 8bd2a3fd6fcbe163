import type { FastifyInstance } from 'fastify';
import * as contract from '../../../contract/workspace';
import { registerTxCall } from '../../lib/register-call';
import * as service from './service';

export function workspaceRoutes(app: FastifyInstance) {
  registerTxCall(app, contract.openWorkspace, ({ tx, org, auth, body }) => service.openWorkspace(tx, org, auth, body));
  registerTxCall(app, contract.closeWorkspace, ({ tx, org, auth, params, body }) =>
    service.closeWorkspace(tx, org, auth, params.usageId, body),
  );
}
