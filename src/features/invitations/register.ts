import { lazyPage, type FeatureRegistration } from '../../shared/routing/app-route';

/**
 * The invitation e-mail's link. A signed-in route: the shell takes a signed-out visitor to sign-in
 * (and registration) with the link as the place to come back to. The therapist's invitations list
 * is composed with their memberships on My organizations (src/app).
 */
export const invitationsFeature: FeatureRegistration = {
  routes: [
    {
      path: '/invitations/:token',
      access: 'user',
      title: 'Invitation',
      Page: lazyPage(() => import('./pages/invitation-page'), 'InvitationPage'),
    },
  ],
};
