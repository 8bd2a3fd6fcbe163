/** The organizations screens' fallback texts for failed calls, used verbatim (src/shared/api/error-text.ts turns an error into a sentence). */
export const ORGANIZATIONS_ERROR_TEXT = {
  switchOrganization: 'Failed to update organization',
  fetchSettings: 'Failed to fetch organization settings',
  updateSettings: 'Failed to update organization settings',
  fetchProfile: 'Failed to fetch profile',
  fetchOrganizations: 'Failed to fetch organizations',
  fetchGettingStarted: 'Failed to fetch your first steps',
} as const;
