import type { FastifyInstance } from 'fastify';
import { asMembershipId } from '../../lib/ids';
import * as contract from '../../../contract/roles';
import { registerCall, registerTxCall } from '../../lib/register-call';
import * as service from './service';
import { presentAccess, presentPermissionKeys } from './present';

export function routes(app: FastifyInstance) {
  registerTxCall(app, contract.listRoles, ({ ctx, query }) => service.listRoles(ctx, query));
  registerTxCall(app, contract.createRole, ({ ctx, body }) => service.createRole(ctx, body));
  registerCall(app, contract.listPermissionKeys, async () => presentPermissionKeys());
  registerTxCall(app, contract.updateRole, ({ ctx, params, body }) => service.updateRole(ctx, params.roleId, body));
  registerTxCall(app, contract.deleteRole, ({ ctx, params }) => service.deleteRole(ctx, params.roleId));
  registerTxCall(app, contract.assignMembershipRole, ({ ctx, params, body }) =>
    service.assignMembershipRole(ctx, asMembershipId(params.id), body.role_id),
  );
  // What the caller may do here: read from the access the registration already checked, no transaction.
  registerCall(app, contract.myAccess, async ({ org }) => presentAccess(org));
}

export { UNIQUE_CONSTRAINTS } from './present';
