/** The session history screens' fallback texts for failed calls, used verbatim (src/shared/api/error-text.ts turns an error into a sentence). */
export const SESSION_HISTORY_ERROR_TEXT = {
  fetchHistory: 'The session history could not be loaded.',
  fetchCaseload: 'The caseload could not be loaded.',
  fetchChoices: 'The therapists and departments could not be loaded.',
} as const;
