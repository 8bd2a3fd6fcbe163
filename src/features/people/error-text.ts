/** The people screens' fallback texts for failed calls, used verbatim (src/shared/api/error-text.ts turns an error into a sentence). */
export const PEOPLE_ERROR_TEXT = {
  fetchPeople: 'Failed to fetch people',
  fetchInvitations: 'Failed to fetch invitations',
  fetchRoles: 'Failed to fetch roles',
  fetchDepartments: 'Failed to fetch departments',
  lookupTherapist: 'Failed to find the therapist',
  invite: 'Failed to create invitation',
  cancelInvitation: 'Failed to cancel invitation',
  archiveInvitation: 'Failed to archive invitation',
  unarchiveInvitation: 'Failed to unarchive invitation',
} as const;
