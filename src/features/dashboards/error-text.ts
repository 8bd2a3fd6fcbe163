/** The dashboards screens' fallback texts for failed calls, used verbatim (src/shared/api/error-text.ts turns an error into a sentence). */
export const DASHBOARDS_ERROR_TEXT = {
  fetchDashboard: 'Failed to fetch dashboard',
} as const;
