import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { createProgram, updateProgram } from '../../../contract/programs';
import { programs } from '../../../contract/routes';
import { api } from '../../shared/api/client';
import { ERROR_TEXT } from '../../shared/api/error-text';
import { programQueries } from './queries';
import { PROGRAMS_ERROR_TEXT } from './error-text';

export type CreateProgramBody = z.input<typeof createProgram.body>;
export type UpdateProgramBody = z.input<typeof updateProgram.body>;

function useRefreshPrograms(orgCode: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: programQueries.all(orgCode) });
}

export function useCreateProgramMutation(orgCode: string) {
  const refresh = useRefreshPrograms(orgCode);
  return useMutation({
    mutationFn: (body: CreateProgramBody) => api(programs.createProgram, { params: { orgCode }, body }),
    meta: { errorText: PROGRAMS_ERROR_TEXT.createProgram, inlineError: true, successText: 'Program created.' },
    onSuccess: refresh,
  });
}

export function useUpdateProgramMutation(orgCode: string) {
  const refresh = useRefreshPrograms(orgCode);
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateProgramBody }) => api(programs.updateProgram, { params: { id }, body }),
    meta: { errorText: PROGRAMS_ERROR_TEXT.updateProgram, inlineError: true, successText: 'Program saved.' },
    onSuccess: refresh,
  });
}

export function useDeleteProgramMutation(orgCode: string) {
  const refresh = useRefreshPrograms(orgCode);
  return useMutation({
    mutationFn: (id: string) => api(programs.deleteProgram, { params: { id } }),
    meta: { errorText: PROGRAMS_ERROR_TEXT.deleteProgram },
    onSettled: refresh,
  });
}

export function useBulkDeleteProgramsMutation(orgCode: string) {
  const refresh = useRefreshPrograms(orgCode);
  return useMutation({
    mutationFn: (ids: string[]) => api(programs.bulkDeletePrograms, { params: { orgCode }, body: { ids } }),
    meta: { errorText: PROGRAMS_ERROR_TEXT.deletePrograms },
    onSettled: refresh,
  });
}

/** Add a candidate enrollment; a refusal shows in the dialog under 'Unable to add student'. */
export function useAddProgramStudentMutation(orgCode: string, programId: string) {
  const refresh = useRefreshPrograms(orgCode);
  return useMutation({
    mutationFn: (enrollmentId: string) =>
      api(programs.addProgramStudent, { params: { id: programId }, body: { enrollment_id: enrollmentId } }),
    // The picker names who was added, and where, once this answers.
    meta: { errorText: ERROR_TEXT.addStudent, inlineError: true },
    onSuccess: refresh,
  });
}

export function useRemoveProgramStudentMutation(orgCode: string, programId: string) {
  const refresh = useRefreshPrograms(orgCode);
  return useMutation({
    mutationFn: (enrollmentId: string) => api(programs.removeProgramStudent, { params: { id: programId, enrollmentId } }),
    meta: { errorText: ERROR_TEXT.removeStudent },
    onSettled: refresh,
  });
}
