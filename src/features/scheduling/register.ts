import { organizationScreens } from '../../shared/admin/admin-routes';

/**
 * Planning sessions in bulk (for whoever manages the schedule), one session's panel at its own
 * address (the calendar shows the same panel beside itself), and a member's phone subscription.
 * They are reached from the calendar, the one menu entry of scheduling: the menu (and its icons)
 * is part of the collector's start-up code.
 */
export const schedulingFeature = organizationScreens('schedule', () => import('./pages/scheduling-pages'), [
  {
    path: '/organization/schedule/plan',
    title: 'Plan a schedule',
    page: 'PlanPage',
  },
  { path: '/organization/schedule/sessions/:id', title: 'Session', page: 'SessionPage' },
  {
    path: '/organization/schedule/subscription',
    title: 'Calendar subscription',
    page: 'SubscriptionPage',
  },
]);
