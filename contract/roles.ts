import { z } from 'zod';
import { atMost, id, orgCode, text } from './fields';
import { roles as route } from './routes';
import { defineCall, OrganizationQuery, OrgParams, PageQuery, paginated, PERMISSION_KEYS } from './http';
import { LIMITS } from './limits';
import { defineResource } from './resource';

/** Organization roles with permission keys; the rules are in server/features/roles/service.ts. */

export const PermissionKeySchema = z.enum(PERMISSION_KEYS, { error: 'Not a known permission key.' });
export const MemberKind = z.enum(['therapist', 'staff']);

export const Role = z.object({
  id: z.uuid(),
  name: z.string(),
  /** In the order of PERMISSION_KEYS; a manage key always comes with its view key. */
  permission_keys: z.array(z.enum(PERMISSION_KEYS)),
  default_for: MemberKind.nullable().describe('Built-in role new members of this kind receive; can be edited, not deleted'),
  members_count: z.number().int().describe('Active and resigning memberships holding the role'),
});
export type Role = z.infer<typeof Role>;

const RoleName = text().trim().min(1, 'Required.').max(LIMITS.nameMax, atMost(LIMITS.nameMax));
const Keys = z.array(PermissionKeySchema).max(PERMISSION_KEYS.length * 2, 'Each permission can be chosen once.');

const OrgIdParams = z.object({ orgId: id() });
const RoleParams = z.object({ roleId: id() });

/** Roles are named by their own id once created; those calls act in the session's active organization unless one is named. */
const resource = defineResource({
  view: 'roles.manage',
  manage: 'roles.manage',
  collection: OrgIdParams,
  item: RoleParams,
  itemQuery: OrganizationQuery,
});

const listSummary = "The organization's roles, with their keys and how many members hold each";
export const listRoles = resource.list(route.listRoles, listSummary, paginated(Role), PageQuery);

export const CreateRoleBody = z.object({ name: RoleName, permission_keys: Keys });
export const createRole = resource.create(
  route.createRole,
  'Create a role (name unique in the organization regardless of case)',
  CreateRoleBody,
  Role,
);

export const PermissionKeyInfo = z.object({
  key: z.enum(PERMISSION_KEYS),
  label: z.string(),
  capability: z.string().describe('What the key is about, e.g. `services` for services.view and services.manage'),
});
export const listPermissionKeys = defineCall(route.listPermissionKeys, {
  summary: 'Every permission key a role can hold, with the words the roles screen shows',
  access: { kind: 'user' },
  response: z.object({ count: z.number().int(), results: z.array(PermissionKeyInfo) }),
});

export const UpdateRoleBody = z.object({ name: RoleName.optional(), permission_keys: Keys.optional() });
const updateSummary = 'Rename a role or change its keys (built-in roles too); members holding it get the change at once';
export const updateRole = resource.update(route.updateRole, updateSummary, UpdateRoleBody, Role);

export const deleteRole = resource.remove(route.deleteRole, 'Delete a role no member holds (built-in roles cannot be deleted)');

export const MembershipRole = z.object({
  id: z.uuid(),
  kind: MemberKind,
  status: z.enum(['active', 'resigning', 'terminated', 'resigned']),
  role: Role.pick({ id: true, name: true, permission_keys: true, default_for: true }),
});
export const assignMembershipRole = defineCall(route.assignMembershipRole, {
  summary: "Give a member one of the organization's roles",
  access: { kind: 'org', permission: 'roles.manage' },
  params: z.object({ orgCode: orgCode(), id: id() }),
  body: z.object({ role_id: id() }),
  response: MembershipRole,
});

export const MyAccess = z.object({
  is_owner: z.boolean(),
  membership_id: z.uuid().nullable(),
  permission_keys: z.array(z.enum(PERMISSION_KEYS)),
});
export type MyAccess = z.infer<typeof MyAccess>;
export const myAccess = defineCall(route.myAccess, {
  summary: 'What the signed-in user may do in this organization (the app hides what the keys do not allow)',
  access: { kind: 'org', permission: null },
  params: OrgParams,
  response: MyAccess,
});
