import type { z } from 'zod';
import type { UpdateAssignedGoalBody, UpdateSubGoalBody } from '../../../contract/goals-library';
import { classrooms, departments, goalsLibrary, programs } from '../../../contract/routes';
import { api } from '../../shared/api/client';
import { useRefreshingMutation } from '../../shared/api/refreshing-mutation';
import type { NewGoalBody } from '../../shared/goals/new-goal-form';
import { STUDENT_RECORD_ERROR_TEXT as TEXT } from './error-text';
import { studentRecordQueries } from './queries';

// Every change on the student's page refreshes the record: a goal's summary, a placement's
// therapists and what the viewer may do are all in its one answer.

const refreshing = (orgId: string) => [studentRecordQueries.all(orgId)];

export function useCreateGoalMutation(orgId: string) {
  const create = (body: NewGoalBody) => api(goalsLibrary.createAssignedGoal, { params: { orgId }, body });
  return useRefreshingMutation(refreshing(orgId), 'success', create, {
    errorText: TEXT.createGoal,
    inlineError: true,
    successText: 'Goal added.',
  });
}

export function useUpdateGoalMutation(orgId: string) {
  const update = ({ goalId, body }: { goalId: string; body: z.input<typeof UpdateAssignedGoalBody> }) =>
    api(goalsLibrary.updateAssignedGoal, { params: { orgId, goalId }, body });
  return useRefreshingMutation(refreshing(orgId), 'success', update, { errorText: TEXT.updateGoal, inlineError: true });
}

export function useDeleteGoalMutation(orgId: string) {
  const remove = (goalId: string) => api(goalsLibrary.deleteAssignedGoal, { params: { orgId, goalId } });
  return useRefreshingMutation(refreshing(orgId), 'settled', remove, { errorText: TEXT.deleteGoal });
}

type TargetWhere = { goalId: string; subGoalId: string };

export function useUpdateTargetMutation(orgId: string) {
  const update = ({ goalId, subGoalId, body }: TargetWhere & { body: z.input<typeof UpdateSubGoalBody> }) =>
    api(goalsLibrary.updateSubGoal, { params: { orgId, goalId, subGoalId }, body });
  return useRefreshingMutation(refreshing(orgId), 'settled', update, { errorText: TEXT.updateTarget, inlineError: true });
}

export function useAddTargetMutation(orgId: string) {
  const add = ({ goalId, title }: { goalId: string; title: string }) =>
    api(goalsLibrary.addSubGoal, { params: { orgId, goalId }, body: { title } });
  return useRefreshingMutation(refreshing(orgId), 'success', add, { errorText: TEXT.addTarget, inlineError: true });
}

export function useRemoveTargetMutation(orgId: string) {
  const remove = ({ goalId, subGoalId }: TargetWhere) => api(goalsLibrary.removeSubGoal, { params: { orgId, goalId, subGoalId } });
  return useRefreshingMutation(refreshing(orgId), 'settled', remove, { errorText: TEXT.removeTarget });
}

// ---- placements: the same calls the department, program and classroom screens make ----

type Placing = { programId: string; enrollmentId: string };

/** One placement call: it refreshes the record once it has answered, whatever the answer. */
function usePlacementCall<V>(orgId: string, call: (variables: V) => Promise<unknown>, errorText: string, inlineError = false) {
  return useRefreshingMutation(refreshing(orgId), 'settled', call, { errorText, ...(inlineError ? { inlineError } : {}) });
}

export function usePlacementMutations(orgId: string, studentId: string) {
  const student = { student_id: studentId };
  const useCall = <V>(call: (variables: V) => Promise<unknown>, errorText: string, inlineError = false) =>
    usePlacementCall(orgId, call, errorText, inlineError);
  const assign = (v: { departmentStudentId: string; membershipId: string }) =>
    api(departments.assignTherapist, { params: { id: v.departmentStudentId }, body: { membership_id: v.membershipId } });
  const enroll = (v: Placing) => api(programs.addProgramStudent, { params: { id: v.programId }, body: { enrollment_id: v.enrollmentId } });
  const unenroll = (v: Placing) => api(programs.removeProgramStudent, { params: { id: v.programId, enrollmentId: v.enrollmentId } });
  return {
    addDepartment: useCall(
      (id: string) => api(departments.addDepartmentStudent, { params: { id }, body: student }),
      TEXT.addDepartment,
      true,
    ),
    removeDepartment: useCall((id: string) => api(departments.deleteDepartmentStudent, { params: { id } }), TEXT.removeDepartment),
    assignTherapist: useCall(assign, TEXT.assignTherapist, true),
    unassignTherapist: useCall((id: string) => api(departments.unassignTherapist, { params: { id } }), TEXT.unassignTherapist),
    addProgram: useCall(enroll, TEXT.addProgram, true),
    removeProgram: useCall(unenroll, TEXT.removeProgram),
    addClassroom: useCall((id: string) => api(classrooms.addClassroomStudent, { params: { id }, body: student }), TEXT.addClassroom, true),
    removeClassroom: useCall((id: string) => api(classrooms.removeClassroomStudent, { params: { id } }), TEXT.removeClassroom),
  };
}
