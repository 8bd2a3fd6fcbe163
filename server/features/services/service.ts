/**
 * Services: what an organization offers, with its price and duration.
 *
 * Decisions:
 * - Money: the table keeps integer minor units (price_minor); the API answers `price` as a decimal
 *   string in the organization's currency ("45.00"; "4500" for yen) beside `price_minor` and
 *   `currency`, and takes `price` as a decimal string. A price with more decimals than the
 *   currency has (45.50 yen) is a 400 field error, never rounded. Prices run 0 to 9,999,999 whole
 *   units; 0 is allowed (a free intake call is a real service).
 * - Currency is the organization's (settings, ISO 4217, USD by default). Changing it later
 *   relabels the stored amounts and does not convert them: prices are what the owner typed.
 * - A name is trimmed, required and unique in its organization regardless of case (409 with a
 *   field error on `name`). A description is optional; the duration is optional whole minutes
 *   (1 to 1440).
 * - The list's stats (count_all, count_active, count_inactive, min_price, max_price) describe
 *   the whole catalogue, whatever the search and filter, so the header does not jump while the
 *   owner filters; `count` is the filtered count that pages. Prices of inactive services count
 *   too: min/max is the range of the catalogue. Search is a case-insensitive substring of the
 *   name or description. Order by name (default), price or created_at, either direction; the id
 *   breaks ties. Two queries per list whatever the page size: the stats with the currency, then
 *   the page with its filtered count.
 * - Deleting: a service that sessions use is kept (409 with the reason; in a bulk delete it is
 *   listed in `failed` with that reason while the others go). Deactivating (is_active false) is
 *   how an owner stops offering a service while keeping it listed and its sessions named.
 * - Bulk delete runs in one transaction and deletes every id it can: an id that is not one of
 *   this organization's services (another organization's, or already gone) is reported in
 *   `failed` with "Service not found." (the same answer for both: never reveal existence);
 *   repeated ids count once.
 * - Every write records the audit trail (entity 'service') in the same transaction.
 */
import { newId } from '../../lib/ids';
import { AppError } from '../../lib/app-error';
import type { RequestContext } from '../../lib/request-context';
import { collection, collectionPage } from '../../lib/collection';
import { activeStats } from '../../lib/pagination';
import { patchOf } from '../../lib/row-patch';
import { fromMinorUnits, toMinorUnits, type CurrencyCode } from '../../../contract/money';
import type { z } from 'zod';
import type { BulkDeleteResult } from '../../../contract/http';
import type { CreateServiceBody, ListServicesQuery, Service, ServiceList, UpdateServiceBody } from '../../../contract/services';
import * as repo from './repository';
import { audited, present, UNIQUE_CONSTRAINTS } from './present';

const IN_USE = 'Sessions use this service; make it inactive instead.';

const serviceCollection = collection({
  rows: repo.serviceRows,
  entity: 'service',
  label: 'Service',
  audited,
  nameTaken: UNIQUE_CONSTRAINTS.services_name_uq,
});

/** The column each field of a service's body sets as it is (the price is converted to minor units). */
const COLUMNS = { name: 'name', description: 'description', is_active: 'isActive', duration_minutes: 'durationMinutes' } as const;

function minorOrFail(price: string, currency: CurrencyCode): number {
  const minor = toMinorUnits(price, currency);
  if (minor === null) {
    const message = `${currency} prices have no more than ${currency === 'JPY' || currency === 'KRW' ? 'whole units' : '2 decimals'}.`;
    throw new AppError('VALIDATION_FAILED', 'Please correct the highlighted fields.', { price: [message] });
  }
  return minor;
}

export async function listServices(ctx: RequestContext, query: z.output<typeof ListServicesQuery>): Promise<ServiceList> {
  const filter = { search: query.search, isActive: query.is_active };
  // The stats come first: they carry the currency the rows' prices are shown in.
  const stats = await repo.selectServiceStats(ctx.tx, ctx.org.id);
  const currency = stats.currency as CurrencyCode;
  const price = (minor: number | null) => (minor === null ? null : fromMinorUnits(minor, currency));
  return collectionPage(ctx, query, {
    rows: (window) => repo.pageServices(ctx.tx, ctx.org.id, filter, query.ordering, window),
    present: (row) => present(row, currency),
    stats: async () => ({
      ...activeStats(stats),
      min_price: price(stats.minPrice),
      max_price: price(stats.maxPrice),
      currency,
    }),
  });
}

export async function createService(ctx: RequestContext, body: z.output<typeof CreateServiceBody>): Promise<Service> {
  const currency = (await repo.selectCurrency(ctx.tx, ctx.org.id)) as CurrencyCode;
  const priceMinor = minorOrFail(body.price, currency);
  await serviceCollection.checkName(ctx, body.name);
  const row = await serviceCollection.create(ctx, {
    id: newId(),
    name: body.name,
    description: body.description,
    priceMinor,
    isActive: body.is_active,
    durationMinutes: body.duration_minutes,
  });
  return present(row, currency);
}

export async function updateService(ctx: RequestContext, id: string, body: z.output<typeof UpdateServiceBody>): Promise<Service> {
  const before = await serviceCollection.require(ctx, id);
  const currency = (await repo.selectCurrency(ctx.tx, ctx.org.id)) as CurrencyCode;
  await serviceCollection.checkName(ctx, body.name, before);
  const priceMinor = body.price === undefined ? {} : { priceMinor: minorOrFail(body.price, currency) };
  const after = await serviceCollection.update(ctx, before, { ...patchOf(body, COLUMNS), ...priceMinor });
  return present(after, currency);
}

export async function deleteService(ctx: RequestContext, id: string): Promise<{ ok: true }> {
  if ((await repo.servicesInUse(ctx.tx, ctx.org.id, [id])).size > 0) {
    throw new AppError('CONFLICT', IN_USE);
  }
  await serviceCollection.remove(ctx, id);
  return { ok: true };
}

export async function bulkDeleteServices(ctx: RequestContext, ids: string[]): Promise<BulkDeleteResult> {
  const { tx, trail } = ctx;
  const organizationId = ctx.org.id;
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
  const inUse = await repo.servicesInUse(tx, organizationId, unique);
  const rows = await repo.serviceRows.deleteByIds(
    tx,
    organizationId,
    unique.filter((id) => !inUse.has(id)),
  );
  await trail.recordAll(rows.map((row) => ({ action: 'delete' as const, entity: 'service', entityId: row.id, before: audited(row) })));
  const deleted = new Set(rows.map((row) => row.id));
  return {
    deleted: unique.filter((id) => deleted.has(id)),
    failed: unique
      .filter((id) => !deleted.has(id))
      .map((id) => (inUse.has(id) ? { id, code: 'CONFLICT', detail: IN_USE } : { id, code: 'NOT_FOUND', detail: 'Service not found.' })),
  };
}
