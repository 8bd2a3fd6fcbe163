/** The scheduling screens' fallback texts for failed calls, used verbatim (src/shared/api/error-text.ts turns an error into a sentence). */
export const SCHEDULING_ERROR_TEXT = {
  fetchChoices: {
    text: 'Failed to fetch the choices for the plan',
    network: 'No connection: the plan needs the server to list therapists and students.',
  },
  previewPlan: { text: 'Failed to preview the plan', network: 'No connection: the preview needs the server.' },
  createPlan: { text: 'Failed to create the sessions', network: 'No connection: nothing was created. Try again when you are back online.' },
  fetchSession: 'Failed to fetch the session',
  fetchActivities: 'Failed to fetch the session history',
  cancelSession: 'Failed to cancel the session',
  deleteSession: 'Failed to delete the session',
  fetchFeed: 'Failed to fetch your calendar subscription',
  createFeed: 'Failed to make a subscription address',
  revokeFeed: 'Failed to turn off the subscription',
} as const;
