import { defineRoutes, TENANT } from './define';

const AT = `${TENANT}/enrollment/organization/:orgCode`;

export const enrollments = defineRoutes('enrollments', {
  listEnrollments: ['GET', `${AT}/enrollments/`],
  createEnrollment: ['POST', `${AT}/enrollments/`],
  getEnrollment: ['GET', `${AT}/enrollments/:id/`],
  updateEnrollment: ['PUT', `${AT}/enrollments/:id/`],
  deleteEnrollment: ['DELETE', `${AT}/enrollments/:id/`],
  setEnrollmentOrgStatus: ['PATCH', `${AT}/enrollments/:id/org-status/`],
  archiveEnrollment: ['PATCH', `${AT}/enrollments/:id/archive/`],
  unarchiveEnrollment: ['PATCH', `${AT}/enrollments/:id/unarchive/`],
  listContractTemplates: ['GET', `${AT}/contract-templates/`],
  createContractTemplate: ['POST', `${AT}/contract-templates/`],
  updateContractTemplate: ['PATCH', `${AT}/contract-templates/:id/`],
  deleteContractTemplate: ['DELETE', `${AT}/contract-templates/:id/`],
  listPrivacyRoleTemplates: ['GET', `${AT}/privacy-roles/`],
  createPrivacyRoleTemplate: ['POST', `${AT}/privacy-roles/`],
  getPrivacyRoleTemplate: ['GET', `${AT}/privacy-roles/:id/`],
  updatePrivacyRoleTemplate: ['PATCH', `${AT}/privacy-roles/:id/`],
  deletePrivacyRoleTemplate: ['DELETE', `${AT}/privacy-roles/:id/`],
});
