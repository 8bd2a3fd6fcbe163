import { services } from '../../../contract/routes';
import { organizationList } from '../../shared/admin/list-query';
import { SERVICES_ERROR_TEXT } from './error-text';

/** Query-key factory: everything about one organization's services starts with ['services', orgCode]. */
export const serviceQueries = organizationList('services', services.listServices, SERVICES_ERROR_TEXT.fetchServices);
