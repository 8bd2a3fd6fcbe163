import type { OrganizationPageProps } from '../../../shared/routing/app-route';
import { AuditPage } from './audit-page';

/** The active organization's audit trail (audit.view; the server refuses anyone else, and the screen shows why). */
export function AuditRoute({ organization }: OrganizationPageProps) {
  return <AuditPage orgCode={organization.code} timeZone={organization.timezone} />;
}
