import { lazyPage, type FeatureRegistration } from '../../shared/routing/app-route';

/** Home shows the dashboards themselves (src/app/pages/home-page.tsx); a member's week has a screen of its own. */
export const dashboardsFeature: FeatureRegistration = {
  routes: [
    {
      // A member's week, linked from the therapists' directory for whoever holds dashboard.view.
      path: '/organization/people/members/:id',
      access: 'user',
      title: 'Week',
      organizationPage: { Page: lazyPage(() => import('./pages/member-week-route'), 'MemberWeekRoute'), what: 'people' },
    },
  ],
};
