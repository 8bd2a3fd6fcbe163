import type { FeatureRegistration } from '../../shared/routing/app-route';

/**
 * No screen of its own yet: the person's memberships are shown on My organizations, which the app
 * composes with their invitations (src/app/pages/my-organizations-page.tsx).
 */
export const membershipsFeature: FeatureRegistration = { routes: [] };
