import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CreateAssignedGoalBody } from '../../../contract/goals-library';
import { departments, goalsLibrary } from '../../../contract/routes';
import { api } from '../../shared/api/client';
import { ERROR_TEXT } from '../../shared/api/error-text';
import { DEPARTMENTS_ERROR_TEXT } from './error-text';
import { departmentQueries } from './queries';

export interface DepartmentBody {
  name: string;
  is_enabled: boolean;
}

/** Any change may move the list's counts, the detail and its history: refresh the organization's departments. */
function useRefresh(orgCode: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: departmentQueries.all(orgCode) });
}

export function useCreateDepartmentMutation(orgCode: string) {
  const refresh = useRefresh(orgCode);
  return useMutation({
    mutationFn: (body: DepartmentBody) => api(departments.createDepartment, { params: { orgCode }, body }),
    meta: { errorText: DEPARTMENTS_ERROR_TEXT.createDepartment, inlineError: true, successText: 'Department created.' },
    onSuccess: refresh,
  });
}

export function useUpdateDepartmentMutation(orgCode: string) {
  const refresh = useRefresh(orgCode);
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: Partial<DepartmentBody> }) =>
      api(departments.updateDepartment, { params: { id }, body }),
    meta: { errorText: DEPARTMENTS_ERROR_TEXT.updateDepartment, inlineError: true, successText: 'Department saved.' },
    onSuccess: refresh,
  });
}

export function useDeleteDepartmentMutation(orgCode: string) {
  const refresh = useRefresh(orgCode);
  return useMutation({
    mutationFn: (id: string) => api(departments.deleteDepartment, { params: { id } }),
    meta: { errorText: DEPARTMENTS_ERROR_TEXT.deleteDepartment },
    onSettled: refresh,
  });
}

export function useBulkDeleteDepartmentsMutation(orgCode: string) {
  const refresh = useRefresh(orgCode);
  return useMutation({
    mutationFn: (ids: string[]) => api(departments.bulkDeleteDepartments, { params: { orgCode }, body: { ids } }),
    meta: { errorText: DEPARTMENTS_ERROR_TEXT.deleteDepartments },
    onSettled: refresh,
  });
}

export function useAddMemberMutation(orgCode: string, departmentId: string) {
  const refresh = useRefresh(orgCode);
  return useMutation({
    mutationFn: (membershipId: string) =>
      api(departments.addDepartmentMember, { params: { id: departmentId }, body: { membership_id: membershipId } }),
    // The picker says why in its dialog, where the choice was made.
    meta: { errorText: DEPARTMENTS_ERROR_TEXT.addDepartmentMember, inlineError: true },
    onSettled: refresh,
  });
}

export function useRemoveMemberMutation(orgCode: string, departmentId: string) {
  const refresh = useRefresh(orgCode);
  return useMutation({
    mutationFn: (memberId: string) => api(departments.removeDepartmentMember, { params: { id: departmentId, memberId } }),
    meta: { errorText: DEPARTMENTS_ERROR_TEXT.removeDepartmentMember },
    onSettled: refresh,
  });
}

export function useAddStudentMutation(orgCode: string, departmentId: string) {
  const refresh = useRefresh(orgCode);
  return useMutation({
    mutationFn: (studentId: string) =>
      api(departments.addDepartmentStudent, { params: { id: departmentId }, body: { student_id: studentId } }),
    // The picker says why in its dialog, where the choice was made.
    meta: { errorText: ERROR_TEXT.addStudent, inlineError: true },
    onSettled: refresh,
  });
}

export function useRemoveStudentMutation(orgCode: string) {
  const refresh = useRefresh(orgCode);
  return useMutation({
    mutationFn: (departmentStudentId: string) => api(departments.deleteDepartmentStudent, { params: { id: departmentStudentId } }),
    meta: { errorText: ERROR_TEXT.removeStudent },
    onSettled: refresh,
  });
}

export function useBulkRemoveStudentsMutation(orgCode: string, departmentId: string) {
  const refresh = useRefresh(orgCode);
  return useMutation({
    mutationFn: (ids: string[]) => api(departments.bulkDeleteDepartmentStudents, { params: { id: departmentId }, body: { ids } }),
    meta: { errorText: ERROR_TEXT.removeStudent },
    onSettled: refresh,
  });
}

export function useAssignTherapistMutation(orgCode: string) {
  const refresh = useRefresh(orgCode);
  return useMutation({
    mutationFn: ({ departmentStudentId, membershipId }: { departmentStudentId: string; membershipId: string }) =>
      api(departments.assignTherapist, { params: { id: departmentStudentId }, body: { membership_id: membershipId } }),
    meta: { errorText: DEPARTMENTS_ERROR_TEXT.assignTherapist, inlineError: true },
    onSettled: refresh,
  });
}

export function useUnassignTherapistMutation(orgCode: string) {
  const refresh = useRefresh(orgCode);
  return useMutation({
    mutationFn: (assignmentId: string) => api(departments.unassignTherapist, { params: { id: assignmentId } }),
    meta: { errorText: DEPARTMENTS_ERROR_TEXT.unassignTherapist },
    onSettled: refresh,
  });
}

export function useCreateGoalMutation(orgCode: string, orgId: string) {
  const refresh = useRefresh(orgCode);
  return useMutation({
    mutationFn: (body: z.input<typeof CreateAssignedGoalBody>) => api(goalsLibrary.createAssignedGoal, { params: { orgId }, body }),
    // The form shows why next to its fields.
    meta: { errorText: DEPARTMENTS_ERROR_TEXT.createGoal, inlineError: true, successText: 'Goal added.' },
    onSuccess: refresh,
  });
}

export function useDeleteGoalMutation(orgCode: string, orgId: string) {
  const refresh = useRefresh(orgCode);
  return useMutation({
    mutationFn: (goalId: string) => api(goalsLibrary.deleteAssignedGoal, { params: { orgId, goalId } }),
    meta: { errorText: DEPARTMENTS_ERROR_TEXT.deleteGoal },
    onSettled: refresh,
  });
}
