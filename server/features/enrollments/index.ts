/** What the seed uses of enrollments: enrolling a child, and the paperwork the demo shows filled in. */
export { enrollChild, listEnrollments } from './service';
export { getEnrollmentDetail, updateEnrollment } from './service-admin';
export { createContractTemplate } from './service-contract-templates';
export { createPrivacyRoleTemplate } from './service-privacy';
