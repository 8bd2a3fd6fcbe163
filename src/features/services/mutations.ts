import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateServiceBody, UpdateServiceBody } from '../../../contract/services';
import { services } from '../../../contract/routes';
import { api } from '../../shared/api/client';
import { serviceQueries } from './queries';
import { SERVICES_ERROR_TEXT } from './error-text';

function useRefreshServices(orgCode: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: serviceQueries.all(orgCode) });
}

export function useCreateServiceMutation(orgCode: string) {
  const refresh = useRefreshServices(orgCode);
  return useMutation({
    mutationFn: (body: CreateServiceBody) => api(services.createService, { params: { orgCode }, body }),
    meta: { errorText: SERVICES_ERROR_TEXT.createService, inlineError: true, successText: 'Service created.' },
    onSuccess: refresh,
  });
}

export function useUpdateServiceMutation(orgCode: string) {
  const refresh = useRefreshServices(orgCode);
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateServiceBody }) => api(services.updateService, { params: { id }, body }),
    meta: { errorText: SERVICES_ERROR_TEXT.updateService, inlineError: true, successText: 'Service saved.' },
    onSuccess: refresh,
  });
}

export function useDeleteServiceMutation(orgCode: string) {
  const refresh = useRefreshServices(orgCode);
  return useMutation({
    mutationFn: (id: string) => api(services.deleteService, { params: { id } }),
    meta: { errorText: SERVICES_ERROR_TEXT.deleteService },
    onSettled: refresh,
  });
}

export function useBulkDeleteServicesMutation(orgCode: string) {
  const refresh = useRefreshServices(orgCode);
  return useMutation({
    mutationFn: (ids: string[]) => api(services.bulkDeleteServices, { body: { ids } }),
    meta: { errorText: SERVICES_ERROR_TEXT.deleteServices },
    onSettled: refresh,
  });
}
