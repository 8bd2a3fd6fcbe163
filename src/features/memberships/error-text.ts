/** The memberships screens' fallback texts for failed calls, used verbatim (src/shared/api/error-text.ts turns an error into a sentence). */
export const MEMBERSHIPS_ERROR_TEXT = {
  fetchMemberships: 'Failed to fetch memberships',
} as const;
