import type { z } from 'zod';
import type { CreateAssignedGoalBody } from '../../../contract/goals-library';
import { departments, goalsLibrary } from '../../../contract/routes';
import { api } from '../../shared/api/client';
import { ERROR_TEXT } from '../../shared/api/error-text';
import { useRefreshingMutation } from '../../shared/api/refreshing-mutation';
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

export function useAddMemberMutation(orgCode: string, departmentId: string) {
  const add = (membershipId: string) =>
    api(departments.addDepartmentMember, { params: { id: departmentId }, body: { membership_id: membershipId } });
  return useRefreshingMutation([departmentQueries.all(orgCode)], 'settled', add, {
    errorText: TEXT.addDepartmentMember,
    inlineError: true,
  });
}

export function useRemoveMemberMutation(orgCode: string, departmentId: string) {
  const remove = (memberId: string) => api(departments.removeDepartmentMember, { params: { id: departmentId, memberId } });
  return useRefreshingMutation([departmentQueries.all(orgCode)], 'settled', remove, { errorText: TEXT.removeDepartmentMember });
}

export function useAddStudentMutation(orgCode: string, departmentId: string) {
  const add = (studentId: string) =>
    api(departments.addDepartmentStudent, { params: { id: departmentId }, body: { student_id: studentId } });
  return useRefreshingMutation([departmentQueries.all(orgCode)], 'settled', add, { errorText: ERROR_TEXT.addStudent, inlineError: true });
}

export function useRemoveStudentMutation(orgCode: string) {
  const remove = (departmentStudentId: string) => api(departments.deleteDepartmentStudent, { params: { id: departmentStudentId } });
  return useRefreshingMutation([departmentQueries.all(orgCode)], 'settled', remove, { errorText: ERROR_TEXT.removeStudent });
}

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
