import type { FastifyInstance } from 'fastify';
import * as contract from '../../../contract/goal-graphs';
import { registerTxCall } from '../../lib/register-call';
import * as service from './service';

export function routes(app: FastifyInstance) {
  registerTxCall(app, contract.goalGraph, ({ ctx, params, query }) => service.goalGraph(ctx, params.goalId, query));
}
