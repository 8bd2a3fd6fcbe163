import { defineRoutes, MEMBERSHIP, TENANT } from './define';

export const memberships = defineRoutes('memberships', {
  myMemberships: ['GET', '/api/therapist-management/my-memberships/'],
  listMemberships: ['GET', `${TENANT}/organization/:orgCode/memberships/`],
  membershipDetail: ['GET', `${MEMBERSHIP}/detail/`],
  terminateMembership: ['PATCH', `${MEMBERSHIP}/terminate/`],
  acceptResignation: ['PATCH', `${MEMBERSHIP}/accept-resignation/`],
  resign: ['PATCH', '/api/therapist-management/memberships/:id/resign/'],
  cancelResignation: ['PATCH', '/api/therapist-management/memberships/:id/cancel-resignation/'],
});
