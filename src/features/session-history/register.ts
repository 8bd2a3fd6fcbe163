import { clipboardOutline } from 'ionicons/icons';
import { organizationScreens } from '../../shared/admin/admin-routes';
import { STUDENT_RECORD_PATHS } from '../../shared/routing/student-links';

/**
 * A student's session history (reached from the student's page and from a session on the calendar)
 * and the caseload a supervisor reviews, in the menu for whoever reads students' records (the owner,
 * supervisors, and therapists for their own students; the server narrows each to what they may read).
 */
export const sessionHistoryFeature = organizationScreens('session history', () => import('./pages/session-history-pages'), [
  { path: STUDENT_RECORD_PATHS.sessions, title: 'Session history', page: 'SessionHistoryRoute' },
  {
    path: STUDENT_RECORD_PATHS.caseload,
    title: 'Caseload',
    page: 'CaseloadRoute',
    nav: { icon: clipboardOutline, isVisible: ({ access }) => access.isOwner || access.can('students.records') },
  },
]);
