import type { z } from 'zod';
import type { CreateAssignedGoalBody } from '../../../contract/goals-library';
import { departments, goalsLibrary } from '../../../contract/routes';
import { api } from '../../shared/api/client';
import { ERROR_TEXT } from '../../shared/api/error-text';
import { useRefreshingMutation } from '../../shared/api/refreshing-mutation';
import { childRows } from '../../shared/admin/child-mutations';
import type { AdminRows } from '../../shared/admin/row-mutations';
import { DEPARTMENTS_ERROR_TEXT as TEXT } from './error-text';
import { departmentQueries } from './queries';

/** Any change may move the list's counts, the detail and its history: each refreshes the organization's departments. */
export const DEPARTMENT_ROWS = {
  refresh: departmentQueries.all,
  create: { route: departments.createDepartment, errorText: TEXT.createDepartment, successText: 'Department created.' },
  update: { route: departments.updateDepartment, errorText: TEXT.updateDepartment, successText: 'Department saved.' },
  remove: { route: departments.deleteDepartment, errorText: TEXT.deleteDepartment },
  bulkRemove: { route: departments.bulkDeleteDepartments, errorText: TEXT.deleteDepartments },
} satisfies AdminRows;

// The pickers (a member, a student, a therapist) say why in their dialog, where the choice was made.

/** The team: a member is added by their membership and removed by their row on the team. */
export const DEPARTMENT_MEMBERS = childRows({
  refresh: departmentQueries.all,
  add: { route: departments.addDepartmentMember, errorText: TEXT.addDepartmentMember, field: 'membership_id', after: 'settled' },
  remove: { route: departments.removeDepartmentMember, errorText: TEXT.removeDepartmentMember, param: 'memberId' },
});

/** The students: a student is added by their id and removed by their placement in the department. */
export const DEPARTMENT_STUDENTS = childRows({
  refresh: departmentQueries.all,
  add: { route: departments.addDepartmentStudent, errorText: ERROR_TEXT.addStudent, field: 'student_id', after: 'settled' },
  remove: { route: departments.deleteDepartmentStudent, errorText: ERROR_TEXT.removeStudent, param: 'id' },
});

export function useBulkRemoveStudentsMutation(orgCode: string, departmentId: string) {
  const remove = (ids: string[]) => api(departments.bulkDeleteDepartmentStudents, { params: { id: departmentId }, body: { ids } });
  return useRefreshingMutation([departmentQueries.all(orgCode)], 'settled', remove, { errorText: ERROR_TEXT.removeStudent });
}

export function useAssignTherapistMutation(orgCode: string) {
  const assign = ({ departmentStudentId, membershipId }: { departmentStudentId: string; membershipId: string }) =>
    api(departments.assignTherapist, { params: { id: departmentStudentId }, body: { membership_id: membershipId } });
  return useRefreshingMutation([departmentQueries.all(orgCode)], 'settled', assign, { errorText: TEXT.assignTherapist, inlineError: true });
}

export function useUnassignTherapistMutation(orgCode: string) {
  const unassign = (assignmentId: string) => api(departments.unassignTherapist, { params: { id: assignmentId } });
  return useRefreshingMutation([departmentQueries.all(orgCode)], 'settled', unassign, { errorText: TEXT.unassignTherapist });
}

export function useCreateGoalMutation(orgCode: string, orgId: string) {
  const create = (body: z.input<typeof CreateAssignedGoalBody>) => api(goalsLibrary.createAssignedGoal, { params: { orgId }, body });
  // The form shows why next to its fields.
  const meta = { errorText: TEXT.createGoal, inlineError: true, successText: 'Goal added.' };
  return useRefreshingMutation([departmentQueries.all(orgCode)], 'success', create, meta);
}

export function useDeleteGoalMutation(orgCode: string, orgId: string) {
  const remove = (goalId: string) => api(goalsLibrary.deleteAssignedGoal, { params: { orgId, goalId } });
  return useRefreshingMutation([departmentQueries.all(orgCode)], 'settled', remove, { errorText: TEXT.deleteGoal });
}
