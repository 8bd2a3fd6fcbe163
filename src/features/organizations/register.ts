import { businessOutline } from 'ionicons/icons';
import { lazyPage, type FeatureRegistration } from '../../shared/routing/app-route';

export const organizationsFeature: FeatureRegistration = {
  routes: [
    {
      path: '/organization/settings',
      access: 'user',
      title: 'Organization settings',
      Page: lazyPage(() => import('./pages/organization-settings-page'), 'OrganizationSettingsPage'),
      // Only the owner manages the organization's profile.
      nav: { label: 'Organization', icon: businessOutline, isVisible: ({ organization }) => organization?.role === 'owner' },
    },
  ],
};
