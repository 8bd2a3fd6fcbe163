import { readerOutline, schoolOutline, shieldCheckmarkOutline } from 'ionicons/icons';
import { organizationScreens, type ScreenNav } from '../../shared/admin/admin-routes';

// Beside People, for whoever enrolls students (students.manage): the enrollments and the templates they use.
const icon = (name: string): ScreenNav => ({ icon: name, isVisible: ({ access }) => access.can('students.manage') });
export const enrollmentsFeature = organizationScreens('enrollments', () => import('./pages/enrollments-route'), [
  { path: '/organization/enrollments', title: 'Enrollments', page: 'EnrollmentsRoute', nav: icon(schoolOutline) },
  { path: '/organization/contract-templates', title: 'Contract templates', page: 'ContractTemplatesRoute', nav: icon(readerOutline) },
  { path: '/organization/privacy-roles', title: 'Privacy templates', page: 'PrivacyRolesRoute', nav: icon(shieldCheckmarkOutline) },
]);
