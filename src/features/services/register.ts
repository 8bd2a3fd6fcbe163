import { pricetagsOutline } from 'ionicons/icons';
import { lazyPage, type FeatureRegistration } from '../../shared/routing/app-route';

export const servicesFeature: FeatureRegistration = {
  routes: [
    {
      path: '/organization/services',
      access: 'user',
      title: 'Services',
      organizationPage: { Page: lazyPage(() => import('./pages/services-route'), 'ServicesRoute'), what: 'services' },
      // Whoever holds services.view (src/shared/access/my-access.ts: today the owner and every member).
      nav: { label: 'Services', icon: pricetagsOutline, isVisible: ({ access }) => access.can('services.view') },
    },
  ],
};
