import { pricetagsOutline } from 'ionicons/icons';
import { useQuery } from '@tanstack/react-query';
import { SERVICE_ORDERINGS, type Service, type ServiceOrdering } from '../../../../contract/services';
import { AdminListScreen, STATUS_VALUES, statusOptions, type StatusValue } from '../../../shared/admin/admin-list-screen';
import { useListState } from '../../../shared/admin/use-list-state';
import { ServiceForm } from '../components/service-form';
import { serviceColumns } from '../components/service-columns';
import { ServicesStats } from '../components/services-stats';
import { useBulkDeleteServicesMutation, useDeleteServiceMutation } from '../mutations';
import { serviceQueries } from '../queries';
import { SERVICES_ERROR_TEXT } from '../error-text';

const STATUS_OPTIONS = statusOptions('services', 'Active', 'Inactive');
const rowLabel = (service: Service) => service.name;

/** The organization's services: stats header, filter, search, create, edit, delete. */
export function ServicesPage({ orgCode, canManage }: { orgCode: string; canManage: boolean }) {
  const list = useListState<{ isActive: StatusValue }, ServiceOrdering>({
    ordering: 'name',
    orderings: SERVICE_ORDERINGS,
    filters: { isActive: '' },
    filterValues: { isActive: STATUS_VALUES },
    address: { prefix: '' },
  });
  const { page, pageSize, search, ordering, filters } = list.state;
  const query = useQuery(serviceQueries.list(orgCode, { page, pageSize, search, ordering, isActive: filters.isActive }));
  const remove = useDeleteServiceMutation(orgCode);
  const bulk = useBulkDeleteServicesMutation(orgCode);
  const currency = query.data?.currency ?? 'USD';

  return (
    <AdminListScreen
      title="Services"
      canManage={canManage}
      noun={{ one: 'service', many: 'services' }}
      columns={serviceColumns}
      query={query}
      fetchErrorText={SERVICES_ERROR_TEXT.fetchServices}
      list={list}
      defaultOrdering="name"
      rowLabel={rowLabel}
      stats={query.data && <ServicesStats list={query.data} />}
      statusFilter={{ name: 'is_active', filter: 'isActive', options: STATUS_OPTIONS }}
      empty={{ icon: pricetagsOutline, text: 'Add the services your organization offers, with their prices.' }}
      remove={(service) => remove.mutateAsync(service.id)}
      bulkRemove={(ids) => bulk.mutateAsync(ids)}
      form={(service, done) => <ServiceForm orgCode={orgCode} currency={currency} service={service} onDone={done} />}
      wideForm
    />
  );
}
