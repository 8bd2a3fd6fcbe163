import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { createClassroom, updateClassroom } from '../../../contract/classrooms';
import { classrooms } from '../../../contract/routes';
import { api } from '../../shared/api/client';
import { ERROR_TEXT } from '../../shared/api/error-text';
import { classroomQueries } from './queries';
import { CLASSROOMS_ERROR_TEXT } from './error-text';

export type CreateClassroomBody = z.input<typeof createClassroom.body>;
export type UpdateClassroomBody = z.input<typeof updateClassroom.body>;

function useRefreshClassrooms(orgCode: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: classroomQueries.all(orgCode) });
}

export function useCreateClassroomMutation(orgCode: string) {
  const refresh = useRefreshClassrooms(orgCode);
  return useMutation({
    mutationFn: (body: CreateClassroomBody) => api(classrooms.createClassroom, { params: { orgCode }, body }),
    meta: { errorText: CLASSROOMS_ERROR_TEXT.createClassroom, inlineError: true, successText: 'Classroom created.' },
    onSuccess: refresh,
  });
}

export function useUpdateClassroomMutation(orgCode: string) {
  const refresh = useRefreshClassrooms(orgCode);
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateClassroomBody }) =>
      api(classrooms.updateClassroom, { params: { orgCode, id }, body }),
    meta: { errorText: CLASSROOMS_ERROR_TEXT.updateClassroom, inlineError: true, successText: 'Classroom saved.' },
    onSuccess: refresh,
  });
}

export function useDeleteClassroomMutation(orgCode: string) {
  const refresh = useRefreshClassrooms(orgCode);
  return useMutation({
    mutationFn: (id: string) => api(classrooms.deleteClassroom, { params: { orgCode, id } }),
    meta: { errorText: CLASSROOMS_ERROR_TEXT.deleteClassroom },
    onSettled: refresh,
  });
}

export function useBulkDeleteClassroomsMutation(orgCode: string) {
  const refresh = useRefreshClassrooms(orgCode);
  return useMutation({
    mutationFn: (ids: string[]) => api(classrooms.bulkDeleteClassrooms, { params: { orgCode }, body: { ids } }),
    meta: { errorText: CLASSROOMS_ERROR_TEXT.deleteClassrooms },
    onSettled: refresh,
  });
}

/** Seat a student; a refusal (full, seated elsewhere, disabled) is shown in the seating dialog. */
export function useSeatStudentMutation(orgCode: string, classroomId: string) {
  const refresh = useRefreshClassrooms(orgCode);
  return useMutation({
    mutationFn: (studentId: string) =>
      api(classrooms.addClassroomStudent, { params: { id: classroomId }, body: { student_id: studentId } }),
    // The picker names who was seated, and where, once this answers.
    meta: { errorText: ERROR_TEXT.addStudent, inlineError: true },
    onSuccess: refresh,
  });
}

export function useRemoveSeatMutation(orgCode: string) {
  const refresh = useRefreshClassrooms(orgCode);
  return useMutation({
    mutationFn: (seatId: string) => api(classrooms.removeClassroomStudent, { params: { id: seatId } }),
    meta: { errorText: ERROR_TEXT.removeStudent },
    onSettled: refresh,
  });
}
