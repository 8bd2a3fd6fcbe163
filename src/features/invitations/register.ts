import { lazyPage, type FeatureRegistration } from '../../shared/routing/app-route';

/**
 * The invitation e-mail's link, open signed in or out: signed out, it shows who invites to what and
 * leads on to registration (joining as the account is made) or sign-in (coming back here to answer).
 * The therapist's invitations list is composed with their memberships on My organizations (src/app).
 */
export const invitationsFeature: FeatureRegistration = {
  routes: [
    {
      path: '/invitations/:token',
      access: 'any',
      title: 'Invitation',
      Page: lazyPage(() => import('./pages/invitation-page'), 'InvitationPage'),
    },
  ],
};
