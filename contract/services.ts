import { z } from 'zod';
import { atMost, id, range, text, wholeNumber } from './fields';
import { services as route } from './routes';
import { ActiveCounts, BooleanFilter, IdParams, listQuery, OrganizationQuery, OrgParams, paginated } from './http';
import { LIMITS } from './limits';
import { Currency, PriceText } from './money';
import { defineResource } from './resource';

/** A service the organization sells; money per contract/money.ts. */
export const Service = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  price: z.string().describe('Decimal string in the currency, e.g. "45.00" (exact; never a float)'),
  price_minor: z.number().int().describe('The same price in integer minor units (cents)'),
  currency: Currency.describe("ISO 4217, from the organization's settings"),
  is_active: z.boolean(),
  duration_minutes: z.number().int().nullable(),
  created_at: z.string(),
});
export type Service = z.infer<typeof Service>;

const Name = text().trim().min(1, 'Required.').max(LIMITS.nameMax, atMost(LIMITS.nameMax));
const Description = text().trim().max(LIMITS.descriptionMax, atMost(LIMITS.descriptionMax));
const Duration = wholeNumber(1, 24 * 60, `Duration is a whole number of minutes ${range(1, 24 * 60)} (a day), or empty.`).nullable();

export const CreateServiceBody = z.object({
  name: Name,
  description: Description.default(''),
  price: PriceText.describe('Decimal string, e.g. "45.00"; at most the currency\'s decimals'),
  is_active: z.boolean().default(true),
  duration_minutes: Duration.default(null),
});
export type CreateServiceBody = z.input<typeof CreateServiceBody>;

export const UpdateServiceBody = z.object({
  name: Name.optional(),
  description: Description.optional(),
  price: PriceText.optional(),
  is_active: z.boolean().optional(),
  duration_minutes: Duration.optional(),
});
export type UpdateServiceBody = z.input<typeof UpdateServiceBody>;

export const SERVICE_ORDERINGS = ['name', '-name', 'price', '-price', 'created_at', '-created_at'] as const;
export const ServiceOrdering = z.enum(SERVICE_ORDERINGS);
export type ServiceOrdering = z.infer<typeof ServiceOrdering>;

export const ListServicesQuery = listQuery({
  search: text().trim().max(LIMITS.nameMax, atMost(LIMITS.nameMax)).optional().describe('Part of the name or description, any case'),
  filters: { is_active: BooleanFilter('Only active (true) or inactive (false) services') },
  ordering: ServiceOrdering.default('name'),
});

export const ServiceList = paginated(Service).extend({
  ...ActiveCounts,
  min_price: z.string().nullable().describe('Lowest price of all services (decimal string), null without services'),
  max_price: z.string().nullable(),
  currency: Currency,
});
export type ServiceList = z.infer<typeof ServiceList>;

const resource = defineResource({
  view: 'services.view',
  manage: 'services.manage',
  collection: OrgParams,
  item: IdParams,
  itemQuery: OrganizationQuery,
});

export const listServices = resource.list(
  route.listServices,
  "The organization's services, a page at a time, with the catalogue's stats",
  ServiceList,
  ListServicesQuery,
);
export const createService = resource.create(route.createService, 'Add a service', CreateServiceBody, Service);
export const updateService = resource.update(route.updateService, 'Change some fields of a service', UpdateServiceBody, Service);

export const deleteService = resource.remove(route.deleteService, 'Delete a service');

export const bulkDeleteServices = resource.bulkDelete(
  route.bulkDeleteServices,
  'Delete several services in one transaction; answers which were deleted and which not, and why',
  { params: z.object({}), query: OrganizationQuery },
);
