import { lockClosedOutline } from 'ionicons/icons';
import { lazyPage, type FeatureRegistration } from '../../shared/routing/app-route';

export const rolesFeature: FeatureRegistration = {
  routes: [
    {
      path: '/organization/roles',
      access: 'user',
      title: 'Roles',
      organizationPage: { Page: lazyPage(() => import('./pages/roles-route'), 'RolesRoute'), what: 'roles' },
      // Every roles call declares roles.manage (contract/roles.ts).
      nav: { label: 'Roles', icon: lockClosedOutline, isVisible: ({ access }) => access.can('roles.manage') },
    },
  ],
};
