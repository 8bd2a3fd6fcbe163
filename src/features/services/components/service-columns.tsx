import type { Service } from '../../../../contract/services';
import { column, nameColumn, statusColumn } from '../../../shared/admin/admin-columns';
import type { AdminColumn } from '../../../shared/admin/admin-table';
import { formatDuration, formatPrice } from '../format';

/** The services table's columns; the ids of sortable ones are the API's ordering fields. */
export const serviceColumns: AdminColumn<Service>[] = [
  nameColumn({ sub: (service) => service.description }),
  column('price', 'Price', (service) => formatPrice(service.price, service.currency), true),
  column('duration', 'Duration', (service) => formatDuration(service.duration_minutes)),
  statusColumn((service) => service.is_active, 'Active', 'Inactive'),
];
