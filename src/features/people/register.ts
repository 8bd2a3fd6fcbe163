import { peopleOutline } from 'ionicons/icons';
import { organizationScreens, type ScreenNav } from '../../shared/admin/admin-routes';

// Whoever holds a directory's key: members.view (therapists), students.view (students and parents;
// a therapist is answered their own students only).
const nav: ScreenNav = { icon: peopleOutline, isVisible: ({ access }) => access.can('students.view') || access.can('members.view') };
export const peopleFeature = organizationScreens('people', () => import('./pages/people-route'), [
  { path: '/organization/people', title: 'People', page: 'PeopleRoute', nav },
]);
