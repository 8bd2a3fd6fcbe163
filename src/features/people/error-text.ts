/** The people screens' fallback texts for failed calls, used verbatim (src/shared/api/error-text.ts turns an error into a sentence). */
export const PEOPLE_ERROR_TEXT = {
  fetchPeople: 'Failed to fetch people',
} as const;
