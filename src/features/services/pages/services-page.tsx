import { pricetagsOutline } from 'ionicons/icons';
import { SERVICE_ORDERINGS, type Service, type ServiceList, type ServiceOrdering } from '../../../../contract/services';
import { AdminListScreen, STATUS_VALUES, type ListSetup, type StatusValue } from '../../../shared/admin/admin-list-screen';
import { statusFigures } from '../../../shared/admin/admin-stats';
import { ServiceForm } from '../components/service-form';
import { serviceColumns } from '../components/service-columns';
import { formatPrice } from '../format';
import { useBulkDeleteRowsMutation, useDeleteRowMutation } from '../../../shared/admin/row-mutations';
import { SERVICE_ROWS } from '../mutations';
import { serviceQueries } from '../queries';
import { SERVICES_ERROR_TEXT } from '../error-text';

/** The price range in the organization's currency: one price, low – high, or a dash when there are none. */
function priceRange({ min_price: min, max_price: max, currency }: ServiceList): string {
  if (min === null || max === null) {
    return '—';
  }
  return min === max ? formatPrice(min, currency) : `${formatPrice(min, currency)} – ${formatPrice(max, currency)}`;
}

const SETUP: ListSetup<Service, { isActive: StatusValue }, ServiceOrdering, ServiceList> = {
  words: {
    title: 'Services',
    one: 'service',
    many: 'services',
    icon: pricetagsOutline,
    emptyText: 'Add the services your organization offers, with their prices.',
  },
  columns: serviceColumns,
  fetchErrorText: SERVICES_ERROR_TEXT.fetchServices,
  defaults: { ordering: 'name', orderings: SERVICE_ORDERINGS, filters: { isActive: '' }, filterValues: { isActive: STATUS_VALUES } },
  status: { name: 'is_active', filter: 'isActive', on: 'Active', off: 'Inactive' },
  figures: (list) => [
    ...statusFigures('services', ['Active', 'Inactive'], [list.count_all, list.count_active, list.count_inactive]),
    ['Price range', priceRange(list), true],
  ],
  wideForm: true,
};

/** The organization's services: stats header, filter, search, create, edit, delete. */
export function ServicesPage({ orgCode, canManage }: { orgCode: string; canManage: boolean }) {
  return (
    <AdminListScreen
      setup={SETUP}
      canManage={canManage}
      listQuery={(state) => serviceQueries.list(orgCode, state)}
      remove={useDeleteRowMutation(SERVICE_ROWS, orgCode)}
      bulkRemove={useBulkDeleteRowsMutation(SERVICE_ROWS, orgCode)}
      form={(service, done, list) => <ServiceForm orgCode={orgCode} currency={list?.currency ?? 'USD'} service={service} onDone={done} />}
    />
  );
}
