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

export function usePlacementMutations(orgId: string, studentId: string) {
  const refresh = refreshing(orgId);
  return {
    addDepartment: useRefreshingMutation(
      refresh,
      'settled',
      (departmentId: string) => api(departments.addDepartmentStudent, { params: { id: departmentId }, body: { student_id: studentId } }),
      { errorText: TEXT.addDepartment, inlineError: true },
    ),
    removeDepartment: useRefreshingMutation(
      refresh,
      'settled',
      (departmentStudentId: string) => api(departments.deleteDepartmentStudent, { params: { id: departmentStudentId } }),
      { errorText: TEXT.removeDepartment },
    ),
    assignTherapist: useRefreshingMutation(
      refresh,
      'settled',
      ({ departmentStudentId, membershipId }: { departmentStudentId: string; membershipId: string }) =>
        api(departments.assignTherapist, { params: { id: departmentStudentId }, body: { membership_id: membershipId } }),
      { errorText: TEXT.assignTherapist, inlineError: true },
    ),
    unassignTherapist: useRefreshingMutation(
      refresh,
      'settled',
      (assignmentId: string) => api(departments.unassignTherapist, { params: { id: assignmentId } }),
      { errorText: TEXT.unassignTherapist },
    ),
    addProgram: useRefreshingMutation(
      refresh,
      'settled',
      ({ programId, enrollmentId }: { programId: string; enrollmentId: string }) =>
        api(programs.addProgramStudent, { params: { id: programId }, body: { enrollment_id: enrollmentId } }),
      { errorText: TEXT.addProgram, inlineError: true },
    ),
    removeProgram: useRefreshingMutation(
      refresh,
      'settled',
      ({ programId, enrollmentId }: { programId: string; enrollmentId: string }) =>
        api(programs.removeProgramStudent, { params: { id: programId, enrollmentId } }),
      { errorText: TEXT.removeProgram },
    ),
    addClassroom: useRefreshingMutation(
      refresh,
      'settled',
      (classroomId: string) => api(classrooms.addClassroomStudent, { params: { id: classroomId }, body: { student_id: studentId } }),
      { errorText: TEXT.addClassroom, inlineError: true },
    ),
    removeClassroom: useRefreshingMutation(
      refresh,
      'settled',
      (seatId: string) => api(classrooms.removeClassroomStudent, { params: { id: seatId } }),
      { errorText: TEXT.removeClassroom },
    ),
  };
}
