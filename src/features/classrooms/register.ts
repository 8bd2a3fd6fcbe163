import { schoolOutline } from 'ionicons/icons';
import { lazyPage, type FeatureRegistration } from '../../shared/routing/app-route';

export const classroomsFeature: FeatureRegistration = {
  routes: [
    {
      path: '/organization/classrooms',
      access: 'user',
      title: 'Classrooms',
      organizationPage: { Page: lazyPage(() => import('./pages/classrooms-route'), 'ClassroomsRoute'), what: 'classrooms' },
      nav: { label: 'Classrooms', icon: schoolOutline, isVisible: ({ access }) => access.can('classrooms.view') },
    },
    {
      path: '/organization/classrooms/:id',
      access: 'user',
      title: 'Classroom',
      organizationPage: { Page: lazyPage(() => import('./pages/classrooms-route'), 'ClassroomRoute'), what: 'classrooms' },
    },
  ],
};
