/** The enrollment screens' fallback texts for failed calls, used verbatim (src/shared/api/error-text.ts turns an error into a sentence). */
export const ENROLLMENTS_ERROR_TEXT = {
  fetchEnrollments: 'Failed to fetch enrollments',
  createEnrollment: 'Failed to create enrollment',
  updateEnrollment: 'Failed to update enrollment',
  deleteEnrollment: 'Failed to delete enrollment',
  changeStatus: 'Failed to change the enrollment status',
  archiveEnrollment: 'Failed to archive enrollment',
  unarchiveEnrollment: 'Failed to unarchive enrollment',
  fetchChoices: 'Failed to fetch the choices for this form',
  fetchContractTemplates: 'Failed to fetch contract templates',
  createContractTemplate: 'Failed to create contract template',
  updateContractTemplate: 'Failed to update contract template',
  deleteContractTemplate: 'Failed to delete contract template',
  fetchPrivacyRoles: 'Failed to fetch privacy-role templates',
  createPrivacyRole: 'Failed to create privacy-role template',
  updatePrivacyRole: 'Failed to update privacy-role template',
  deletePrivacyRole: 'Failed to delete privacy-role template',
} as const;
