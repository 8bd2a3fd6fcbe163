import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { services } from '../../../contract/routes';
import { api } from '../../shared/api/client';
import { ERROR_TEXT } from '../../shared/api/error-text';

export interface ServiceListParams {
  page: number;
  pageSize: number;
  search: string;
  ordering: string;
  isActive: '' | 'true' | 'false';
}

/** Query-key factory: everything about one organization's services starts with ['services', orgCode]. */
export const serviceQueries = {
  all: (orgCode: string) => ['services', orgCode] as const,
  list: (orgCode: string, params: ServiceListParams) =>
    queryOptions({
      queryKey: [...serviceQueries.all(orgCode), 'list', params],
      queryFn: ({ signal }) =>
        api(
          services.listServices,
          {
            params: { orgCode },
            query: {
              page: params.page,
              page_size: params.pageSize,
              search: params.search || undefined,
              ordering: params.ordering as never,
              is_active: params.isActive || undefined,
            },
          },
          { signal },
        ),
      // The next page shows over the previous one (dimmed) instead of a spinner.
      placeholderData: keepPreviousData,
      meta: { errorText: ERROR_TEXT.fetchServices, inlineError: true },
    }),
};
