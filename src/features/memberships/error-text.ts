/** The membership screens' fallback texts for failed calls, used verbatim (src/shared/api/error-text.ts turns an error into a sentence). */
export const MEMBERSHIPS_ERROR_TEXT = {
  fetchMember: 'Failed to fetch the member',
  fetchMyMemberships: 'Failed to fetch your memberships',
  terminate: 'Failed to end the membership',
  acceptResignation: 'Failed to accept the resignation',
  resign: 'Failed to send your resignation',
  cancelResignation: 'Failed to withdraw your resignation',
} as const;
