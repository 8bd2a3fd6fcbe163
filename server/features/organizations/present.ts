import type { MyOrganization, OrganizationSettings, OrganizationSummary } from '../../../contract/organizations';
import { Currency } from '../../../contract/money';
import type { OrganizationRow, OwnerRow, UserOrganizationRow } from './repository';

export const summary = (o: OrganizationRow): OrganizationSummary => ({ id: o.id, code: o.code, name: o.name, kind: o.kind });

export const myOrganization = (r: UserOrganizationRow): MyOrganization => ({
  ...summary(r.organization),
  timezone: r.organization.timezone,
  role: r.role,
  membership_id: r.membershipId,
});

export const settingsOf = (o: OrganizationRow): OrganizationSettings => ({
  ...summary(o),
  timezone: o.timezone,
  email: o.email,
  phone: o.phone,
  address: o.address,
  website: o.website,
  currency: Currency.parse(o.currency),
});

export const ownerProfileOf = (row: OwnerRow) => ({
  first_name: row.firstName,
  last_name: row.lastName,
  phone_number: row.phoneNumber,
  email: row.email,
});
