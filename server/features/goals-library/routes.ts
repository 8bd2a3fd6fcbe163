import type { FastifyInstance } from 'fastify';
import * as contract from '../../../contract/goals-library';
import { registerTxCall } from '../../lib/register-call';
import { requireAssignmentsReadable } from '../../lib/student-visibility';
import { listReadableGoals, listTherapistDepartmentGoals } from './service';
import { presentGoal } from './present';

export function routes(app: FastifyInstance) {
  registerTxCall(app, contract.departmentAssignedGoals, async ({ tx, org, params, query }) => {
    requireAssignmentsReadable(org, params.id);
    const goals = await listTherapistDepartmentGoals(tx, org.organizationId, {
      membershipId: params.id,
      departmentId: params.deptId,
      ...(query.student_ids.length ? { studentIds: query.student_ids } : {}),
    });
    return { results: goals.map(presentGoal) };
  });
  registerTxCall(app, contract.organizationAssignedGoals, async ({ tx, org, query }) => {
    const goals = await listReadableGoals(tx, org, query.student_ids.length ? query.student_ids : undefined);
    return { results: goals.map(presentGoal) };
  });
}
