import { defineRoutes, TENANT } from './define';

export const organizations = defineRoutes('organizations', {
  listOrganizations: ['GET', `${TENANT}/organizations/`],
  setActiveOrganization: ['POST', `${TENANT}/active-organization/`],
  searchOrganizations: ['GET', `${TENANT}/lookup/organizations/search/`],
  resolveOrganization: ['GET', `${TENANT}/lookup/organizations/resolve/`],
  getOrganizationSettings: ['GET', `${TENANT}/organization/profile/settings/`],
  updateOrganizationSettings: ['PUT', `${TENANT}/organization/profile/settings/`],
  gettingStarted: ['GET', `${TENANT}/organization/getting-started/`],
  getOwnerProfile: ['GET', `${TENANT}/organization-owner/profile/`],
  updateOwnerProfile: ['PATCH', `${TENANT}/organization-owner/profile/`],
});
