import type { FastifyInstance } from 'fastify';
import * as contract from '../../../contract/people';
import { registerTxCall } from '../../lib/register-call';
import * as service from './service';

export function routes(app: FastifyInstance) {
  registerTxCall(app, contract.listTherapists, ({ ctx, query }) => service.therapists(ctx, query));
  registerTxCall(app, contract.listStudents, ({ ctx, query }) => service.students(ctx, query));
  registerTxCall(app, contract.listParents, ({ ctx, query }) => service.parents(ctx, query));
}
