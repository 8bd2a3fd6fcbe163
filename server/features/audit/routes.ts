import type { FastifyInstance } from 'fastify';
import * as contract from '../../../contract/audit';
import { registerTxCall } from '../../lib/register-call';
import { listAuditEntries } from './service';

export function routes(app: FastifyInstance) {
  registerTxCall(app, contract.listAuditEntries, ({ ctx, query }) => listAuditEntries(ctx, query));
}
