import { organizationScreens } from '../../shared/admin/admin-routes';

/**
 * Home shows the dashboards themselves (src/app/pages/home-page.tsx); a member's week has a screen
 * of its own, linked from the therapists' directory for whoever holds dashboard.view.
 */
export const dashboardsFeature = organizationScreens('people', () => import('./pages/member-week-route'), [
  { path: '/organization/people/members/:id', title: 'Week', page: 'MemberWeekRoute' },
]);
