import { services } from '../../../contract/routes';
import type { ServiceOrdering } from '../../../contract/services';
import { listQuery, pageQuery, type PageParams } from '../../shared/admin/list-query';
import { SERVICES_ERROR_TEXT } from './error-text';

export interface ServiceListParams extends PageParams {
  ordering: ServiceOrdering;
  isActive: '' | 'true' | 'false';
}

/** Query-key factory: everything about one organization's services starts with ['services', orgCode]. */
export const serviceQueries = {
  all: (orgCode: string) => ['services', orgCode] as const,
  list: (orgCode: string, params: ServiceListParams) =>
    listQuery(
      [...serviceQueries.all(orgCode), 'list', params],
      services.listServices,
      {
        params: { orgCode },
        query: { ...pageQuery(params), ordering: params.ordering, is_active: params.isActive || undefined },
      },
      SERVICES_ERROR_TEXT.fetchServices,
    ),
};
