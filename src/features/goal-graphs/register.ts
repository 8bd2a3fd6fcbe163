import { organizationScreens } from '../../shared/admin/admin-routes';
import { STUDENT_RECORD_PATHS } from '../../shared/routing/student-links';

/** A goal's graph: a page of the student's record, reached from the student's page (no menu entry of its own). */
export const goalGraphsFeature = organizationScreens('goal graphs', () => import('./pages/goal-graph-route'), [
  { path: STUDENT_RECORD_PATHS.goal, title: 'Goal graph', page: 'GoalGraphRoute' },
]);
