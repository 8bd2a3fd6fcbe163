import type { ServiceList } from '../../../../contract/services';
import { AdminStats } from '../../../shared/admin/admin-stats';
import { formatPrice } from '../format';

/** count_all, count_active, count_inactive and the price range, in the organization's currency. */
export function ServicesStats({ list }: { list: ServiceList }) {
  const range =
    list.min_price === null || list.max_price === null
      ? '—'
      : list.min_price === list.max_price
        ? formatPrice(list.min_price, list.currency)
        : `${formatPrice(list.min_price, list.currency)} – ${formatPrice(list.max_price, list.currency)}`;
  return (
    <AdminStats
      label="Services at a glance"
      items={[
        { label: 'All services', value: list.count_all },
        { label: 'Active', value: list.count_active },
        { label: 'Inactive', value: list.count_inactive },
        { label: 'Price range', value: range, isWide: true },
      ]}
    />
  );
}
