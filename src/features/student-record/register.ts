import { organizationScreens } from '../../shared/admin/admin-routes';
import { STUDENT_RECORD_PATHS } from '../../shared/routing/student-links';

/** The student's page: reached from every place that names a student, not from the menu. */
export const studentRecordFeature = organizationScreens('students', () => import('./pages/student-record-route'), [
  { path: STUDENT_RECORD_PATHS.student, title: 'Student', page: 'StudentRecordRoute' },
]);
