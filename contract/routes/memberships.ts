import { defineRoutes } from './define';

export const memberships = defineRoutes('memberships', {
  myMemberships: ['GET', '/api/therapist-management/my-memberships/'],
});
