/** The professional profile's fallback texts for failed calls (src/shared/api/error-text.ts turns an error into a sentence). */
export const PROFILE_ERROR_TEXT = {
  fetchProfile: 'Failed to fetch your professional profile',
  updateProfile: 'Failed to save your professional profile',
  fetchSpecializations: 'Failed to fetch specializations',
  saveItem: 'Failed to save',
  deleteItem: 'Failed to remove',
} as const;
