import type { FastifyInstance } from 'fastify';
import { asDepartmentId, asMembershipId } from '../../lib/ids';
import * as contract from '../../../contract/goals-library';
import { registerTxCall } from '../../lib/register-call';
import * as service from './service';

export function routes(app: FastifyInstance) {
  registerTxCall(app, contract.departmentAssignedGoals, ({ ctx, params, query }) =>
    service.departmentAssignedGoals(ctx, asMembershipId(params.id), asDepartmentId(params.deptId), query.student_ids),
  );
  registerTxCall(app, contract.organizationAssignedGoals, ({ ctx, query }) => service.organizationAssignedGoals(ctx, query.student_ids));
}
