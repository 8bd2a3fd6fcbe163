/** The goal graph screen's fallback texts for failed calls, used verbatim (src/shared/api/error-text.ts turns an error into a sentence). */
export const GOAL_GRAPHS_ERROR_TEXT = {
  fetchGraph: 'Failed to load the goal’s graph',
} as const;
