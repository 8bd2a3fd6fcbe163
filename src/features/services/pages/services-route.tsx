import { listRoute } from '../../../shared/admin/list-route';
import { ServicesPage } from './services-page';

/** Services of the active organization; who may change them decides which controls show. */
export const ServicesRoute = listRoute(ServicesPage, 'services.manage');
