import type { OrganizationPageProps } from '../../../shared/routing/app-route';
import { ContractTemplatesPage } from './contract-templates-page';
import { EnrollmentsPage } from './enrollments-page';
import { PrivacyRolesPage } from './privacy-roles-page';

/** Enrollments of the active organization; who may change them decides which controls show. */
export function EnrollmentsRoute({ organization, access }: OrganizationPageProps) {
  return <EnrollmentsPage orgCode={organization.code} orgName={organization.name} canManage={access.can('students.manage')} />;
}

export function ContractTemplatesRoute({ organization, access }: OrganizationPageProps) {
  return <ContractTemplatesPage orgCode={organization.code} canManage={access.can('students.manage')} />;
}

export function PrivacyRolesRoute({ organization, access }: OrganizationPageProps) {
  return <PrivacyRolesPage orgCode={organization.code} canManage={access.can('students.manage')} />;
}
