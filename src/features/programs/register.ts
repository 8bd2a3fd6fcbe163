import { libraryOutline } from 'ionicons/icons';
import { lazyPage, type FeatureRegistration } from '../../shared/routing/app-route';

export const programsFeature: FeatureRegistration = {
  routes: [
    {
      path: '/organization/programs',
      access: 'user',
      title: 'Programs',
      organizationPage: { Page: lazyPage(() => import('./pages/programs-route'), 'ProgramsRoute'), what: 'programs' },
      nav: { label: 'Programs', icon: libraryOutline, isVisible: ({ access }) => access.can('programs.view') },
    },
    {
      path: '/organization/programs/:id',
      access: 'user',
      title: 'Program',
      organizationPage: { Page: lazyPage(() => import('./pages/programs-route'), 'ProgramRoute'), what: 'programs' },
    },
  ],
};
