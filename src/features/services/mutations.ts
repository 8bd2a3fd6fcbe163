import { services } from '../../../contract/routes';
import type { AdminRows } from '../../shared/admin/row-mutations';
import { serviceQueries } from './queries';
import { SERVICES_ERROR_TEXT as TEXT } from './error-text';

export const SERVICE_ROWS = {
  refresh: serviceQueries.all,
  create: { route: services.createService, errorText: TEXT.createService, successText: 'Service created.' },
  update: { route: services.updateService, errorText: TEXT.updateService, successText: 'Service saved.' },
  remove: { route: services.deleteService, errorText: TEXT.deleteService },
  bulkRemove: { route: services.bulkDeleteServices, errorText: TEXT.deleteServices },
} satisfies AdminRows;
