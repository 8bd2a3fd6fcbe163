import { calendarOutline } from 'ionicons/icons';
import type { FeatureRegistration } from '../../shared/routing/app-route';
import type { ScreenNav } from '../../shared/admin/admin-routes';

/**
 * The calendar's one screen shows another feature's session panel, so the app composes its page
 * (src/app/pages/calendar-page.tsx) at the address and menu entry given here as `screen`; the
 * feature adds no screen of its own besides.
 */
export const calendarFeature: FeatureRegistration & { screen: { path: string; title: string; nav: ScreenNav } } = {
  screen: {
    path: '/organization/calendar',
    title: 'Calendar',
    nav: { icon: calendarOutline, isVisible: ({ access }) => access.can('calendar.view') },
  },
  routes: [],
};
