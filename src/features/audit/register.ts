import { timeOutline } from 'ionicons/icons';
import { lazyPage, type FeatureRegistration } from '../../shared/routing/app-route';

export const auditFeature: FeatureRegistration = {
  routes: [
    {
      path: '/organization/audit',
      access: 'user',
      title: 'Audit trail',
      organizationPage: { Page: lazyPage(() => import('./pages/audit-route'), 'AuditRoute'), what: 'audit trail' },
      // The list call declares audit.view (contract/audit.ts): owners, and roles given it.
      nav: { label: 'Audit trail', icon: timeOutline, isVisible: ({ access }) => access.can('audit.view') },
    },
  ],
};
