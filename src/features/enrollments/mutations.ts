import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateEnrollmentBody, SetOrgStatusBody, UpdateEnrollmentBody } from '../../../contract/enrollments';
import type {
  CreateContractTemplateBody,
  CreatePrivacyRoleTemplateBody,
  UpdateContractTemplateBody,
  UpdatePrivacyRoleTemplateBody,
} from '../../../contract/enrollment-templates';
import { enrollments } from '../../../contract/routes';
import { api } from '../../shared/api/client';
import { enrollmentQueries } from './queries';
import { ENROLLMENTS_ERROR_TEXT as TEXT } from './error-text';

function useRefresh(orgCode: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: enrollmentQueries.all(orgCode) });
}

export function useCreateEnrollmentMutation(orgCode: string) {
  const refresh = useRefresh(orgCode);
  return useMutation({
    mutationFn: (body: CreateEnrollmentBody) => api(enrollments.createEnrollment, { params: { orgCode }, body }),
    meta: { errorText: TEXT.createEnrollment, inlineError: true, successText: 'Student enrolled.' },
    onSuccess: refresh,
  });
}

export function useUpdateEnrollmentMutation(orgCode: string) {
  const refresh = useRefresh(orgCode);
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateEnrollmentBody }) =>
      api(enrollments.updateEnrollment, { params: { orgCode, id }, body }),
    meta: { errorText: TEXT.updateEnrollment, inlineError: true, successText: 'Enrollment saved.' },
    onSuccess: refresh,
  });
}

export function useDeleteEnrollmentMutation(orgCode: string) {
  const refresh = useRefresh(orgCode);
  return useMutation({
    mutationFn: (id: string) => api(enrollments.deleteEnrollment, { params: { orgCode, id } }),
    meta: { errorText: TEXT.deleteEnrollment },
    onSettled: refresh,
  });
}

export function useSetOrgStatusMutation(orgCode: string) {
  const refresh = useRefresh(orgCode);
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: SetOrgStatusBody }) =>
      api(enrollments.setEnrollmentOrgStatus, { params: { orgCode, id }, body }),
    meta: { errorText: TEXT.changeStatus, inlineError: true, successText: 'Status changed.' },
    onSuccess: refresh,
  });
}

export function useArchiveEnrollmentMutation(orgCode: string) {
  const refresh = useRefresh(orgCode);
  return useMutation({
    mutationFn: ({ id, archive }: { id: string; archive: boolean }) =>
      api(archive ? enrollments.archiveEnrollment : enrollments.unarchiveEnrollment, { params: { orgCode, id } }),
    meta: { errorText: TEXT.archiveEnrollment },
    onSettled: refresh,
  });
}

export function useCreateContractTemplateMutation(orgCode: string) {
  const refresh = useRefresh(orgCode);
  return useMutation({
    mutationFn: (body: CreateContractTemplateBody) => api(enrollments.createContractTemplate, { params: { orgCode }, body }),
    meta: { errorText: TEXT.createContractTemplate, inlineError: true, successText: 'Contract template created.' },
    onSuccess: refresh,
  });
}

export function useUpdateContractTemplateMutation(orgCode: string) {
  const refresh = useRefresh(orgCode);
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateContractTemplateBody }) =>
      api(enrollments.updateContractTemplate, { params: { orgCode, id }, body }),
    meta: { errorText: TEXT.updateContractTemplate, inlineError: true, successText: 'Contract template saved.' },
    onSuccess: refresh,
  });
}

export function useDeleteContractTemplateMutation(orgCode: string) {
  const refresh = useRefresh(orgCode);
  return useMutation({
    mutationFn: (id: string) => api(enrollments.deleteContractTemplate, { params: { orgCode, id } }),
    meta: { errorText: TEXT.deleteContractTemplate },
    onSettled: refresh,
  });
}

export function useCreatePrivacyRoleMutation(orgCode: string) {
  const refresh = useRefresh(orgCode);
  return useMutation({
    mutationFn: (body: CreatePrivacyRoleTemplateBody) => api(enrollments.createPrivacyRoleTemplate, { params: { orgCode }, body }),
    meta: { errorText: TEXT.createPrivacyRole, inlineError: true, successText: 'Privacy-role template created.' },
    onSuccess: refresh,
  });
}

export function useUpdatePrivacyRoleMutation(orgCode: string) {
  const refresh = useRefresh(orgCode);
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdatePrivacyRoleTemplateBody }) =>
      api(enrollments.updatePrivacyRoleTemplate, { params: { orgCode, id }, body }),
    meta: { errorText: TEXT.updatePrivacyRole, inlineError: true, successText: 'Privacy-role template saved.' },
    onSuccess: refresh,
  });
}

export function useDeletePrivacyRoleMutation(orgCode: string) {
  const refresh = useRefresh(orgCode);
  return useMutation({
    mutationFn: (id: string) => api(enrollments.deletePrivacyRoleTemplate, { params: { orgCode, id } }),
    meta: { errorText: TEXT.deletePrivacyRole },
    onSettled: refresh,
  });
}
