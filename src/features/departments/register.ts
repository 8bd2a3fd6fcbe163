import { layersOutline } from 'ionicons/icons';
import { lazyPage, type FeatureRegistration } from '../../shared/routing/app-route';

export const departmentsFeature: FeatureRegistration = {
  routes: [
    {
      path: '/organization/departments',
      access: 'user',
      title: 'Departments',
      organizationPage: { Page: lazyPage(() => import('./pages/departments-route'), 'DepartmentsRoute'), what: 'departments' },
      nav: { label: 'Departments', icon: layersOutline, isVisible: ({ access }) => access.can('departments.view') },
    },
    {
      path: '/organization/departments/:id',
      access: 'user',
      title: 'Department',
      organizationPage: { Page: lazyPage(() => import('./pages/departments-route'), 'DepartmentRoute'), what: 'departments' },
    },
  ],
};
