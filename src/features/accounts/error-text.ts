/** The accounts screens' fallback texts for failed calls, used verbatim (src/shared/api/error-text.ts turns an error into a sentence). */
export const ACCOUNTS_ERROR_TEXT = {
  changePassword: 'Failed to change password.',
  changeEmail: 'Failed to change email. Please try again.',
  lockAccount: 'Failed to lock account',
  unlockAccount: 'Failed to unlock account',
  joinInvited: 'The invitation could not be accepted.',
} as const;
