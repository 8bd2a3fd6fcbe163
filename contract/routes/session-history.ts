import { defineRoutes } from './define';

const BASE = '/api/session-history/organization/:orgId';

export const sessionHistory = defineRoutes('sessionHistory', {
  studentSessions: ['GET', `${BASE}/students/:studentId/sessions/`],
  caseload: ['GET', `${BASE}/caseload/`],
});
