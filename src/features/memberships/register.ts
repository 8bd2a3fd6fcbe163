import type { FeatureRegistration } from '../../shared/routing/app-route';

/**
 * No screen registered here: a member's page shows their professional profile, so the app composes
 * it (src/app/pages/member-route.tsx); the signed-in person's own memberships are shown on My
 * organizations with their invitations (src/app/pages/my-organizations-page.tsx).
 */
export const membershipsFeature: FeatureRegistration = { routes: [] };
