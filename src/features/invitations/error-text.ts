/** The invitee's screens' fallback texts for failed calls, used verbatim (src/shared/api/error-text.ts turns an error into a sentence). */
export const INVITATIONS_ERROR_TEXT = {
  fetchInvitations: 'Failed to fetch invitations',
  fetchInvitation: 'Failed to fetch invitation',
  fetchTherapistCode: 'Failed to fetch your therapist code',
  acceptInvitation: 'Failed to accept invitation',
  rejectInvitation: 'Failed to decline invitation',
} as const;
