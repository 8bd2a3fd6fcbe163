import { isAdminAreaInMenu } from '../../shared/access/menu-areas';
import { pricetagsOutline } from 'ionicons/icons';
import { lazyPage, type FeatureRegistration } from '../../shared/routing/app-route';

export const servicesFeature: FeatureRegistration = {
  routes: [
    {
      path: '/organization/services',
      access: 'user',
      title: 'Services',
      organizationPage: { Page: lazyPage(() => import('./pages/services-route'), 'ServicesRoute'), what: 'services' },
      // Listed where the role can change it or reads it for its work (shared/access/menu-areas.ts).
      nav: { label: 'Services', icon: pricetagsOutline, isVisible: ({ access }) => isAdminAreaInMenu('services', access) },
    },
  ],
};
