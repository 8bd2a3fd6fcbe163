import { clipboardOutline } from 'ionicons/icons';
import { lazyPage, type FeatureRegistration } from '../../shared/routing/app-route';

/** The therapist's day and the session screen; both work without a connection. */
export const collectorFeature: FeatureRegistration = {
  routes: [
    {
      path: '/collector',
      access: 'user',
      title: 'Today',
      Page: lazyPage(() => import('./pages/today-page'), 'TodayPage'),
      offlineCapable: true,
      // Therapists collect data; offline the organization list may be unknown, so the user type decides.
      nav: {
        label: 'Data collector',
        icon: clipboardOutline,
        isVisible: ({ user, organization }) => (organization ? organization.role === 'therapist' : user?.user_type === 'THE'),
      },
    },
    {
      path: '/collector/session/:id',
      access: 'user',
      title: 'Session',
      Page: lazyPage(() => import('./pages/session-page'), 'SessionPage'),
      offlineCapable: true,
    },
  ],
};
