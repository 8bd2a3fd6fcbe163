import { peopleOutline } from 'ionicons/icons';
import { lazyPage, type FeatureRegistration } from '../../shared/routing/app-route';

export const peopleFeature: FeatureRegistration = {
  routes: [
    {
      path: '/organization/people',
      access: 'user',
      title: 'People',
      organizationPage: { Page: lazyPage(() => import('./pages/people-route'), 'PeopleRoute'), what: 'people' },
      // Whoever holds a directory's key: members.view (therapists), students.view (students and parents;
      // a therapist is answered their own students only).
      nav: { label: 'People', icon: peopleOutline, isVisible: ({ access }) => access.can('students.view') || access.can('members.view') },
    },
  ],
};
