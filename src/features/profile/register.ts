import { briefcaseOutline } from 'ionicons/icons';
import { lazyPage, type FeatureRegistration } from '../../shared/routing/app-route';

/** The therapist's professional profile: theirs in every organization, so it needs none chosen. */
export const profileFeature: FeatureRegistration = {
  routes: [
    {
      path: '/professional-profile',
      access: 'user',
      title: 'Professional profile',
      Page: lazyPage(() => import('./pages/professional-profile-page'), 'ProfessionalProfilePage'),
      nav: { label: 'Professional profile', icon: briefcaseOutline, isVisible: ({ user }) => user?.user_type === 'THE' },
    },
  ],
};
