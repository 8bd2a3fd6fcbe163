import type { FastifyInstance } from 'fastify';
import * as contract from '../../../contract/goals-library';
import { registerTxCall } from '../../lib/register-call';
import { requireAssignmentsReadable } from '../../lib/student-visibility';
import { listAssignedGoals, listTherapistDepartmentGoals } from './service';
import { presentGoal } from './present';
import { listTherapistAssignedStudents } from '../departments/service';

export function goalsLibraryRoutes(app: FastifyInstance) {
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
    let studentIds = query.student_ids.length ? query.student_ids : undefined;
    // Therapists (no goals.manage, no members.view) read only the goals of students assigned to them;
    // owners and staff read the organization's.
    if (!org.isOwner && !org.permissions.has('goals.manage') && !org.permissions.has('members.view')) {
      const mine = new Set((await listTherapistAssignedStudents(tx, org.organizationId, org.membershipId ?? '')).map((s) => s.studentId));
      studentIds = (studentIds ?? [...mine]).filter((id) => mine.has(id));
      if (studentIds.length === 0) {
        return { results: [] };
      }
    }
    const goals = await listAssignedGoals(tx, org.organizationId, studentIds ? { studentIds } : {});
    return { results: goals.map(presentGoal) };
  });
}
