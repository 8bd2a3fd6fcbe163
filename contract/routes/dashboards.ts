import { defineRoutes, TENANT } from './define';

export const dashboards = defineRoutes('dashboards', {
  dashboardSummary: ['GET', `${TENANT}/organization/:orgCode/dashboard/summary/`],
  membershipDashboard: ['GET', `${TENANT}/memberships/:id/dashboard/`],
});
