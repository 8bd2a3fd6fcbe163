import type { FastifyInstance } from 'fastify';
import * as contract from '../../../contract/dashboards';
import { registerTxCall } from '../../lib/register-call';
import { membershipDashboard, organizationSummary } from './service';

export function dashboardsRoutes(app: FastifyInstance) {
  registerTxCall(app, contract.dashboardSummary, ({ tx, org, query }) => organizationSummary(tx, org.organizationId, query.week_of));
  registerTxCall(app, contract.membershipDashboard, ({ tx, org, params, query }) => membershipDashboard(tx, org, params.id, query.week_of));
}
