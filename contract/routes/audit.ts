import { defineRoutes, TENANT } from './define';

export const audit = defineRoutes('audit', {
  listAuditEntries: ['GET', `${TENANT}/organization/:orgCode/audit/`],
});
