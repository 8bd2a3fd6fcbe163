import { shieldCheckmarkOutline } from 'ionicons/icons';
import { lazyPage, type FeatureRegistration } from '../../shared/routing/app-route';

/** Signing in, registering, and the account's own settings. Lazy like every form: its input control stays out of the collector's first download. */
export const accountsFeature: FeatureRegistration = {
  routes: [
    {
      path: '/sign-in',
      access: 'guest',
      title: 'Sign in',
      Page: lazyPage(() => import('./pages/sign-in-page'), 'SignInPage'),
    },
    {
      path: '/register',
      access: 'guest',
      title: 'Create an account',
      Page: lazyPage(() => import('./pages/register-page'), 'RegisterPage'),
    },
    {
      path: '/account',
      access: 'user',
      title: 'Account & security',
      Page: lazyPage(() => import('./pages/account-settings-page'), 'AccountSettingsPage'),
      nav: { label: 'Account & security', icon: shieldCheckmarkOutline },
    },
  ],
};
