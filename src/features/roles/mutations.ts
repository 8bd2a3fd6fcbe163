import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CreateRoleBody, UpdateRoleBody } from '../../../contract/roles';
import { roles } from '../../../contract/routes';
import { api } from '../../shared/api/client';
import { roleQueries } from './queries';
import { ROLES_ERROR_TEXT } from './error-text';

function useRefreshRoles(orgId: string) {
  const queryClient = useQueryClient();
  // My own keys may have changed too (a member editing a role they hold).
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: roleQueries.all(orgId) }),
      queryClient.invalidateQueries({ queryKey: ['organizations', orgId, 'my-access'] }),
    ]);
}

export function useCreateRoleMutation(orgId: string) {
  const refresh = useRefreshRoles(orgId);
  return useMutation({
    mutationFn: (body: z.output<typeof CreateRoleBody>) => api(roles.createRole, { params: { orgId }, body }),
    meta: { errorText: ROLES_ERROR_TEXT.createRole, inlineError: true, successText: 'Role created.' },
    onSuccess: refresh,
  });
}

export function useUpdateRoleMutation(orgId: string) {
  const refresh = useRefreshRoles(orgId);
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: z.output<typeof UpdateRoleBody> }) =>
      api(roles.updateRole, { params: { roleId: id }, query: { organization_id: orgId }, body }),
    meta: { errorText: ROLES_ERROR_TEXT.updateRole, inlineError: true, successText: 'Role saved.' },
    onSuccess: refresh,
  });
}

/** A refusal (built in, in use) reaches the toast with the server's own sentence. */
export function useDeleteRoleMutation(orgId: string) {
  const refresh = useRefreshRoles(orgId);
  return useMutation({
    mutationFn: (id: string) => api(roles.deleteRole, { params: { roleId: id }, query: { organization_id: orgId } }),
    meta: { errorText: ROLES_ERROR_TEXT.deleteRole },
    onSettled: refresh,
  });
}

export function useAssignRoleMutation(orgId: string, orgCode: string) {
  const refresh = useRefreshRoles(orgId);
  return useMutation({
    mutationFn: ({ membershipId, roleId }: { membershipId: string; roleId: string }) =>
      api(roles.assignMembershipRole, { params: { orgCode, id: membershipId }, body: { role_id: roleId } }),
    meta: { errorText: ROLES_ERROR_TEXT.assignRole, successText: 'Role given.' },
    onSettled: refresh,
  });
}
