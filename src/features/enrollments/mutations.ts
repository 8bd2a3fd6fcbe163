import type { SetOrgStatusBody } from '../../../contract/enrollments';
import { enrollments } from '../../../contract/routes';
import { api } from '../../shared/api/client';
import { useRefreshingMutation } from '../../shared/api/refreshing-mutation';
import type { AdminRows } from '../../shared/admin/row-mutations';
import { enrollmentQueries } from './queries';
import { ENROLLMENTS_ERROR_TEXT as TEXT } from './error-text';

export const ENROLLMENT_ROWS = {
  refresh: enrollmentQueries.all,
  create: { route: enrollments.createEnrollment, errorText: TEXT.createEnrollment, successText: 'Student enrolled.' },
  update: { route: enrollments.updateEnrollment, errorText: TEXT.updateEnrollment, successText: 'Enrollment saved.' },
  remove: { route: enrollments.deleteEnrollment, errorText: TEXT.deleteEnrollment },
} satisfies AdminRows;

export function useSetOrgStatusMutation(orgCode: string) {
  const setStatus = ({ id, body }: { id: string; body: SetOrgStatusBody }) =>
    api(enrollments.setEnrollmentOrgStatus, { params: { orgCode, id }, body });
  const meta = { errorText: TEXT.changeStatus, inlineError: true, successText: 'Status changed.' };
  return useRefreshingMutation([enrollmentQueries.all(orgCode)], 'success', setStatus, meta);
}

export function useArchiveEnrollmentMutation(orgCode: string) {
  const archiveOrNot = ({ id, archive }: { id: string; archive: boolean }) =>
    api(archive ? enrollments.archiveEnrollment : enrollments.unarchiveEnrollment, { params: { orgCode, id } });
  return useRefreshingMutation([enrollmentQueries.all(orgCode)], 'settled', archiveOrNot, { errorText: TEXT.archiveEnrollment });
}

/** A template's change refreshes the enrollments' reads too: the enrollment form offers the templates. */
export const CONTRACT_TEMPLATE_ROWS = {
  refresh: enrollmentQueries.all,
  create: { route: enrollments.createContractTemplate, errorText: TEXT.createContractTemplate, successText: 'Contract template created.' },
  update: { route: enrollments.updateContractTemplate, errorText: TEXT.updateContractTemplate, successText: 'Contract template saved.' },
  remove: { route: enrollments.deleteContractTemplate, errorText: TEXT.deleteContractTemplate },
} satisfies AdminRows;

export const PRIVACY_ROLE_ROWS = {
  refresh: enrollmentQueries.all,
  create: {
    route: enrollments.createPrivacyRoleTemplate,
    errorText: TEXT.createPrivacyRole,
    successText: 'Privacy-role template created.',
  },
  update: { route: enrollments.updatePrivacyRoleTemplate, errorText: TEXT.updatePrivacyRole, successText: 'Privacy-role template saved.' },
  remove: { route: enrollments.deletePrivacyRoleTemplate, errorText: TEXT.deletePrivacyRole },
} satisfies AdminRows;
