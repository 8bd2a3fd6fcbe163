import type { FastifyInstance } from 'fastify';
import { asMembershipId } from '../../lib/ids';
import * as contract from '../../../contract/dashboards';
import { registerTxCall } from '../../lib/register-call';
import { membershipDashboard, organizationSummary } from './service';

export function routes(app: FastifyInstance) {
  registerTxCall(app, contract.dashboardSummary, ({ ctx, query }) => organizationSummary(ctx, query.week_of));
  registerTxCall(app, contract.membershipDashboard, ({ ctx, params, query }) => membershipDashboard(ctx, asMembershipId(params.id), query));
}
