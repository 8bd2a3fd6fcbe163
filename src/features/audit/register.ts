import { timeOutline } from 'ionicons/icons';
import { organizationScreens, type ScreenNav } from '../../shared/admin/admin-routes';

// The list call declares audit.view (contract/audit.ts): owners, and roles given it.
const nav: ScreenNav = { icon: timeOutline, isVisible: ({ access }) => access.can('audit.view') };
export const auditFeature = organizationScreens('audit trail', () => import('./pages/audit-route'), [
  { path: '/organization/audit', title: 'Audit trail', page: 'AuditRoute', nav },
]);
