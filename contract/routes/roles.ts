import { defineRoutes, TENANT } from './define';

export const roles = defineRoutes('roles', {
  listRoles: ['GET', `${TENANT}/organization/:orgId/roles/`],
  createRole: ['POST', `${TENANT}/organization/:orgId/roles/`],
  listPermissionKeys: ['GET', `${TENANT}/roles/permission-keys/`],
  updateRole: ['PATCH', `${TENANT}/roles/:roleId/`],
  deleteRole: ['DELETE', `${TENANT}/roles/:roleId/`],
  assignMembershipRole: ['PATCH', `${TENANT}/organization/:orgCode/memberships/:id/role/`],
  myAccess: ['GET', `${TENANT}/organization/:orgCode/my-access/`],
});
