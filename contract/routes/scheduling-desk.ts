import { defineRoutes } from './define';

// The desk's session calls, apart from the collector's (routes/scheduling.ts): that table is on the
// tablet's start-up path, and these calls are not made there (Today reads one session only when it
// left the tablet's days, to say where it went).
const THERASESSIONS = '/api/scheduling/therasessions';
export const schedulingDesk = defineRoutes('schedulingDesk', {
  bulkTherasessions: ['POST', `${THERASESSIONS}/bulk/`],
  getTherasession: ['GET', `${THERASESSIONS}/:id/`],
  updateTherasession: ['PATCH', `${THERASESSIONS}/:id/`],
  deleteTherasession: ['DELETE', `${THERASESSIONS}/:id/`],
  rescheduleTherasession: ['POST', `${THERASESSIONS}/:id/reschedule/`],
  cancelTherasession: ['POST', `${THERASESSIONS}/:id/cancel/`],
  therasessionActivities: ['GET', `${THERASESSIONS}/:id/activities/`],
});
