import type { OrganizationPageProps } from '../../../shared/routing/app-route';
import { ServicesPage } from './services-page';

/** Services of the active organization; who may change them decides which controls show. */
export function ServicesRoute({ organization, access }: OrganizationPageProps) {
  return <ServicesPage orgCode={organization.code} canManage={access.can('services.manage')} />;
}
