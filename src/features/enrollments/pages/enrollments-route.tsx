import { listRoute } from '../../../shared/admin/list-route';
import type { OrganizationPageProps } from '../../../shared/routing/app-route';
import { ContractTemplatesPage } from './contract-templates-page';
import { EnrollmentsPage } from './enrollments-page';
import { PrivacyRolesPage } from './privacy-roles-page';

/** Enrollments of the active organization; who may change them decides which controls show. */
export function EnrollmentsRoute({ organization, access }: OrganizationPageProps) {
  return <EnrollmentsPage orgCode={organization.code} orgName={organization.name} canManage={access.can('students.manage')} />;
}

export const ContractTemplatesRoute = listRoute(ContractTemplatesPage, 'students.manage');

export const PrivacyRolesRoute = listRoute(PrivacyRolesPage, 'students.manage');
