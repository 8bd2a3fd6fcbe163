import { defineRoutes } from './define';

const THERASESSIONS = '/api/scheduling/therasessions';
export const scheduling = defineRoutes('scheduling', {
  listTherasessions: ['GET', `${THERASESSIONS}/`],
  createTherasession: ['POST', `${THERASESSIONS}/`],
  startTherasession: ['POST', `${THERASESSIONS}/:id/start/`],
  endTherasession: ['POST', `${THERASESSIONS}/:id/end/`],
});
