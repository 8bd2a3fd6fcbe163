import type { FastifyInstance } from 'fastify';
import { asDepartmentId, asMembershipId } from '../../lib/ids';
import * as contract from '../../../contract/goals-library';
import { registerTxCall } from '../../lib/register-call';
import * as service from './service';
import * as assign from './service-assign';

export function routes(app: FastifyInstance) {
  registerTxCall(app, contract.departmentAssignedGoals, ({ ctx, params, query }) =>
    service.departmentAssignedGoals(ctx, asMembershipId(params.id), asDepartmentId(params.deptId), query.student_ids),
  );
  registerTxCall(app, contract.organizationAssignedGoals, ({ ctx, query }) => service.organizationAssignedGoals(ctx, query.student_ids));
  registerTxCall(app, contract.createAssignedGoal, ({ ctx, body }) => assign.createAssignedGoal(ctx, body));
  registerTxCall(app, contract.updateAssignedGoal, ({ ctx, params, body }) => assign.changeAssignedGoal(ctx, params.goalId, body));
  registerTxCall(app, contract.deleteAssignedGoal, ({ ctx, params }) => assign.removeAssignedGoal(ctx, params.goalId));
  registerTxCall(app, contract.addSubGoal, ({ ctx, params, body }) => assign.addGoalTarget(ctx, params.goalId, body.title));
  registerTxCall(app, contract.updateSubGoal, ({ ctx, params, body }) =>
    assign.changeGoalTarget(ctx, params.goalId, params.subGoalId, body),
  );
  registerTxCall(app, contract.removeSubGoal, ({ ctx, params }) => assign.removeGoalTarget(ctx, params.goalId, params.subGoalId));
}
