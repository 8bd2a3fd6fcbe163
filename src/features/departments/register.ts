import { isAdminAreaInMenu } from '../../shared/access/menu-areas';
import { layersOutline } from 'ionicons/icons';
import { lazyPage, type FeatureRegistration } from '../../shared/routing/app-route';

export const departmentsFeature: FeatureRegistration = {
  routes: [
    {
      path: '/organization/departments',
      access: 'user',
      title: 'Departments',
      organizationPage: { Page: lazyPage(() => import('./pages/departments-route'), 'DepartmentsRoute'), what: 'departments' },
      // Listed where the role can change it or reads it for its work (shared/access/menu-areas.ts).
      nav: { label: 'Departments', icon: layersOutline, isVisible: ({ access }) => isAdminAreaInMenu('departments', access) },
    },
    {
      path: '/organization/departments/:id',
      access: 'user',
      title: 'Department',
      organizationPage: { Page: lazyPage(() => import('./pages/departments-route'), 'DepartmentRoute'), what: 'departments' },
    },
  ],
};
