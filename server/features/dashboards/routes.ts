import type { FastifyInstance } from 'fastify';
import * as contract from '../../../contract/dashboards';
import { registerTxCall } from '../../lib/register-call';
import { membershipDashboard, organizationSummary } from './service';

export function routes(app: FastifyInstance) {
  registerTxCall(app, contract.dashboardSummary, ({ ctx, query }) => organizationSummary(ctx, query.week_of));
  registerTxCall(app, contract.membershipDashboard, ({ ctx, params, query }) => membershipDashboard(ctx, params.id, query.week_of));
}
