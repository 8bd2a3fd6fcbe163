import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import * as contract from '../../../contract/roles';
import type { PermissionKey } from '../../../contract/http';
import { registerCall, registerTxCall } from '../../lib/register-call';
import { pageLinks } from '../../lib/pagination';
import * as service from './service';

type RoleOut = z.input<typeof contract.Role>;
const present = (role: service.Role): RoleOut => ({
  id: role.id,
  name: role.name,
  permission_keys: role.permissionKeys as PermissionKey[],
  default_for: role.defaultFor,
  members_count: role.membersCount,
});

export function rolesRoutes(app: FastifyInstance) {
  registerTxCall(app, contract.listRoles, async ({ tx, org, query, request }) => {
    const { count, results } = await service.listRoles(tx, org, { page: query.page, pageSize: query.page_size });
    return { count, ...pageLinks(request.url, query.page, query.page_size, count), results: results.map(present) };
  });
  registerTxCall(app, contract.createRole, async ({ tx, org, trail, body }) => present(await service.createRole(tx, org, trail, body)));
  registerCall(app, contract.listPermissionKeys, async () => service.permissionKeys());
  registerTxCall(app, contract.updateRole, async ({ tx, org, trail, params, body }) =>
    present(await service.updateRole(tx, org, trail, params.roleId, body)),
  );
  registerTxCall(app, contract.deleteRole, async ({ tx, org, trail, params }) => {
    await service.deleteRole(tx, org, trail, params.roleId);
    return { ok: true as const };
  });
  registerTxCall(app, contract.assignMembershipRole, async ({ tx, org, trail, params, body }) => {
    const { membership, role } = await service.assignMembershipRole(tx, org, trail, params.id, body.role_id);
    const { id, name, permission_keys, default_for } = present(role);
    return { id: membership.id, kind: membership.role, status: membership.status, role: { id, name, permission_keys, default_for } };
  });
  registerCall(app, contract.myAccess, async ({ org }) => service.accessOf(org));
}
