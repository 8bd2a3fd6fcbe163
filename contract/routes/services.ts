import { defineRoutes, TENANT } from './define';

export const services = defineRoutes('services', {
  listServices: ['GET', `${TENANT}/organization/:orgCode/services/`],
  createService: ['POST', `${TENANT}/organization/:orgCode/services/`],
  updateService: ['PATCH', `${TENANT}/services/:id/`],
  deleteService: ['DELETE', `${TENANT}/services/:id/`],
  bulkDeleteServices: ['POST', `${TENANT}/services/bulk-delete/`],
});
