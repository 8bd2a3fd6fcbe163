import type { FastifyInstance } from 'fastify';
import * as contract from '../../../contract/departments';
import { registerTxCall } from '../../lib/register-call';
import { listAssignedGoals } from './service';
import { presentGoal } from './present';
import { listTherapistAssignedStudents } from '../departments/service';

export function goalsLibraryRoutes(app: FastifyInstance) {
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
