/** The roles screens' fallback texts for failed calls, used verbatim (src/shared/api/error-text.ts turns an error into a sentence). */
export const ROLES_ERROR_TEXT = {
  fetchRoles: 'Failed to fetch roles',
  createRole: 'Failed to create role',
  updateRole: 'Failed to update role',
  deleteRole: 'Failed to delete role',
  fetchMembers: 'Failed to fetch members',
  assignRole: 'Failed to update role',
} as const;
