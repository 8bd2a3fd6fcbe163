import { calendarNumberOutline, phonePortraitOutline } from 'ionicons/icons';
import { organizationScreens } from '../../shared/admin/admin-routes';

/**
 * Planning sessions in bulk (for whoever manages the schedule), one session's panel at its own
 * address (the calendar shows the same panel beside itself), and a member's phone subscription.
 */
export const schedulingFeature = organizationScreens('schedule', () => import('./pages/scheduling-pages'), [
  {
    path: '/organization/schedule/plan',
    title: 'Plan a schedule',
    page: 'PlanPage',
    nav: { icon: calendarNumberOutline, isVisible: ({ access }) => access.can('sessions.manage') },
  },
  { path: '/organization/schedule/sessions/:id', title: 'Session', page: 'SessionPage' },
  {
    path: '/organization/schedule/subscription',
    title: 'Calendar subscription',
    page: 'SubscriptionPage',
    nav: { icon: phonePortraitOutline, isVisible: ({ access }) => access.membershipId !== null && access.can('calendar.view') },
  },
]);
