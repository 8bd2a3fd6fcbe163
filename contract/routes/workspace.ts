import { defineRoutes, TENANT } from './define';

const WORKSPACE = `${TENANT}/organization/workspace`;
export const workspace = defineRoutes('workspace', {
  openWorkspace: ['POST', `${WORKSPACE}/open/`],
  closeWorkspace: ['PATCH', `${WORKSPACE}/close/:usageId/`],
});
