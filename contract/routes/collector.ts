import { defineRoutes } from './define';

const COLLECTOR = '/api/collector';
export const collector = defineRoutes('collector', {
  getSession: ['GET', `${COLLECTOR}/sessions/:id/`],
  sessionConflicts: ['GET', `${COLLECTOR}/sessions/:id/conflicts/`],
  upsertPoints: ['POST', `${COLLECTOR}/sessions/:id/points/`],
  deletePoints: ['DELETE', `${COLLECTOR}/sessions/:id/points/`],
  upsertPoint: ['POST', `${COLLECTOR}/datapoints/`],
  correctPoint: ['POST', `${COLLECTOR}/datapoints/:id/correct/`],
  currentTrial: ['GET', `${COLLECTOR}/trials/current/`],
  startNextTrial: ['POST', `${COLLECTOR}/trials/start-next/`],
  completeTrial: ['POST', `${COLLECTOR}/trials/complete/`],
  startFocus: ['POST', `${COLLECTOR}/sessions/:id/focus/start/`],
  stopFocus: ['POST', `${COLLECTOR}/sessions/:id/focus/stop/`],
  studentHistory: ['GET', `${COLLECTOR}/students/:studentId/history/`],
});
