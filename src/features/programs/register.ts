import { isAdminAreaInMenu } from '../../shared/access/menu-areas';
import { libraryOutline } from 'ionicons/icons';
import { lazyPage, type FeatureRegistration } from '../../shared/routing/app-route';

export const programsFeature: FeatureRegistration = {
  routes: [
    {
      path: '/organization/programs',
      access: 'user',
      title: 'Programs',
      organizationPage: { Page: lazyPage(() => import('./pages/programs-route'), 'ProgramsRoute'), what: 'programs' },
      // Listed where the role can change it or reads it for its work (shared/access/menu-areas.ts).
      nav: { label: 'Programs', icon: libraryOutline, isVisible: ({ access }) => isAdminAreaInMenu('programs', access) },
    },
    {
      path: '/organization/programs/:id',
      access: 'user',
      title: 'Program',
      organizationPage: { Page: lazyPage(() => import('./pages/programs-route'), 'ProgramRoute'), what: 'programs' },
    },
  ],
};
