import { services } from '../../../contract/routes';
import type { ServiceOrdering } from '../../../contract/services';
import { organizationList, type PageParams } from '../../shared/admin/list-query';
import { SERVICES_ERROR_TEXT } from './error-text';

export interface ServiceListParams extends PageParams {
  ordering: ServiceOrdering;
  isActive: '' | 'true' | 'false';
}

/** Query-key factory: everything about one organization's services starts with ['services', orgCode]. */
export const serviceQueries = organizationList(
  'services',
  services.listServices,
  SERVICES_ERROR_TEXT.fetchServices,
  (params: ServiceListParams) => ({
    ordering: params.ordering,
    is_active: params.isActive || undefined,
  }),
);
