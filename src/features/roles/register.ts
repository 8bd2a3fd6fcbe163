import { lockClosedOutline } from 'ionicons/icons';
import { organizationScreens, type ScreenNav } from '../../shared/admin/admin-routes';

// Every roles call declares roles.manage (contract/roles.ts).
const nav: ScreenNav = { icon: lockClosedOutline, isVisible: ({ access }) => access.can('roles.manage') };
export const rolesFeature = organizationScreens('roles', () => import('./pages/roles-route'), [
  { path: '/organization/roles', title: 'Roles', page: 'RolesRoute', nav },
]);
