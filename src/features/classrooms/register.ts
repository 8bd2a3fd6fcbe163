import { isAdminAreaInMenu } from '../../shared/access/menu-areas';
import { schoolOutline } from 'ionicons/icons';
import { lazyPage, type FeatureRegistration } from '../../shared/routing/app-route';

export const classroomsFeature: FeatureRegistration = {
  routes: [
    {
      path: '/organization/classrooms',
      access: 'user',
      title: 'Classrooms',
      organizationPage: { Page: lazyPage(() => import('./pages/classrooms-route'), 'ClassroomsRoute'), what: 'classrooms' },
      // Listed where the role can change it or reads it for its work (shared/access/menu-areas.ts).
      nav: { label: 'Classrooms', icon: schoolOutline, isVisible: ({ access }) => isAdminAreaInMenu('classrooms', access) },
    },
    {
      path: '/organization/classrooms/:id',
      access: 'user',
      title: 'Classroom',
      organizationPage: { Page: lazyPage(() => import('./pages/classrooms-route'), 'ClassroomRoute'), what: 'classrooms' },
    },
  ],
};
