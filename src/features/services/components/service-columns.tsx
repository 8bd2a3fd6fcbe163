import type { Service } from '../../../../contract/services';
import { LongText } from '../../../shared/admin/long-text';
import { adminColumnHelper, type AdminColumn } from '../../../shared/admin/admin-table';
import { formatDuration, formatPrice } from '../format';

const helper = adminColumnHelper<Service>();

/** The services table's columns; the ids of sortable ones are the API's ordering fields. */
export const serviceColumns: AdminColumn<Service>[] = [
  helper.accessor('name', {
    id: 'name',
    header: 'Name',
    enableSorting: true,
    cell: ({ row }) => (
      <div className="admin-cell-main">
        <LongText className="admin-cell-main__title" text={row.original.name} />
        {row.original.description && <LongText className="admin-cell-main__sub" text={row.original.description} />}
      </div>
    ),
  }),
  helper.accessor('price', {
    id: 'price',
    header: 'Price',
    enableSorting: true,
    cell: ({ row }) => formatPrice(row.original.price, row.original.currency),
  }),
  helper.accessor('duration_minutes', {
    id: 'duration',
    header: 'Duration',
    enableSorting: false,
    cell: ({ row }) => formatDuration(row.original.duration_minutes),
  }),
  helper.accessor('is_active', {
    id: 'status',
    header: 'Status',
    enableSorting: false,
    cell: ({ row }) =>
      row.original.is_active ? (
        <span className="admin-badge admin-badge--on">Active</span>
      ) : (
        <span className="admin-badge admin-badge--off">Inactive</span>
      ),
  }),
];
