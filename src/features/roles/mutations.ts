import type { z } from 'zod';
import type { CreateRoleBody, UpdateRoleBody } from '../../../contract/roles';
import { roles } from '../../../contract/routes';
import { myAccessKey } from '../../shared/access/my-access-query';
import { api } from '../../shared/api/client';
import { useRefreshingMutation } from '../../shared/api/refreshing-mutation';
import { roleQueries } from './queries';
import { ROLES_ERROR_TEXT } from './error-text';

/** The roles, and my own keys: they may have changed too (a member editing a role they hold). */
const refreshed = (orgId: string) => [roleQueries.all(orgId), myAccessKey(orgId)];

export function useCreateRoleMutation(orgId: string) {
  const create = (body: z.output<typeof CreateRoleBody>) => api(roles.createRole, { params: { orgId }, body });
  const meta = { errorText: ROLES_ERROR_TEXT.createRole, inlineError: true, successText: 'Role created.' };
  return useRefreshingMutation(refreshed(orgId), 'success', create, meta);
}

export function useUpdateRoleMutation(orgId: string) {
  const update = ({ id, body }: { id: string; body: z.output<typeof UpdateRoleBody> }) =>
    api(roles.updateRole, { params: { roleId: id }, query: { organization_id: orgId }, body });
  const meta = { errorText: ROLES_ERROR_TEXT.updateRole, inlineError: true, successText: 'Role saved.' };
  return useRefreshingMutation(refreshed(orgId), 'success', update, meta);
}

/** A refusal (built in, in use) reaches the toast with the server's own sentence. */
export function useDeleteRoleMutation(orgId: string) {
  const remove = (id: string) => api(roles.deleteRole, { params: { roleId: id }, query: { organization_id: orgId } });
  return useRefreshingMutation(refreshed(orgId), 'settled', remove, { errorText: ROLES_ERROR_TEXT.deleteRole });
}

export function useAssignRoleMutation(orgId: string, orgCode: string) {
  const assign = ({ membershipId, roleId }: { membershipId: string; roleId: string }) =>
    api(roles.assignMembershipRole, { params: { orgCode, id: membershipId }, body: { role_id: roleId } });
  return useRefreshingMutation(refreshed(orgId), 'settled', assign, { errorText: ROLES_ERROR_TEXT.assignRole, successText: 'Role given.' });
}
