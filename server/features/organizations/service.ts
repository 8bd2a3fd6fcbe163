import type { OrganizationId, UserId } from '../../lib/ids';
import { openWorkspaceUsage } from '../../db/lookups';
import type { z } from 'zod';
import type { SessionState } from '../../../contract/accounts';
import { Currency } from '../../../contract/money';
import type {
  MyOrganization,
  OrganizationSettings,
  OrganizationSettingsBody,
  OrganizationSummary,
  updateOwnerProfile,
} from '../../../contract/organizations';
import type { Database } from '../../db/client';
import type { Tx } from '../../db/handles';
import { AppError, notFound } from '../../lib/app-error';
import type { SignedIn } from '../../plugins/auth';
import {
  countPricedServices,
  findOrganizationByCode,
  findOwner,
  getSettings,
  organizationsOfUser,
  searchOrganizations,
  setActiveOrganization,
  updateOwner,
  updateSettings,
  type OrganizationRow,
  type OwnerRow,
} from './repository';

const summary = (o: OrganizationRow): OrganizationSummary => ({ id: o.id, code: o.code, name: o.name, kind: o.kind });

export async function listMyOrganizations(database: Database, userId: UserId): Promise<MyOrganization[]> {
  const rows = await organizationsOfUser(database.db, userId);
  return rows.map((r) => ({ ...summary(r.organization), timezone: r.organization.timezone, role: r.role, membership_id: r.membershipId }));
}

/** Switches the session's active organization; only one of the user's own (else 404, spec: never reveal). */
export async function switchOrganization(database: Database, auth: SignedIn, requestedId: string): Promise<SessionState> {
  const mine = await organizationsOfUser(database.db, auth.user.id);
  const organizationId = mine.find((r) => r.organization.id === requestedId)?.organization.id;
  if (!organizationId) {
    throw notFound('Organization');
  }
  await setActiveOrganization(database.db, auth.sessionId, organizationId);
  const usage = await openWorkspaceUsage(database, organizationId, auth.user.id);
  return { user: { ...auth.user, current_usage: usage }, locked: false, active_organization_id: organizationId };
}

export async function resolveByCode(database: Database, code: string): Promise<OrganizationSummary> {
  const row = await findOrganizationByCode(database.db, code);
  if (!row) {
    throw notFound('Organization');
  }
  return summary(row);
}

export async function search(database: Database, q: string, limit: number): Promise<{ results: OrganizationSummary[] }> {
  const rows = await searchOrganizations(database.db, q, limit);
  return { results: rows.map(summary) };
}

const settingsOf = (o: OrganizationRow): OrganizationSettings => ({
  id: o.id,
  code: o.code,
  name: o.name,
  kind: o.kind,
  timezone: o.timezone,
  email: o.email,
  phone: o.phone,
  address: o.address,
  website: o.website,
  currency: Currency.parse(o.currency),
});

/** Settings are read and written inside database.tenant: row-level security is the floor under the id. */
export async function readSettings(database: Database, organizationId: OrganizationId): Promise<OrganizationSettings> {
  const row = await database.tenant(organizationId, (tx) => getSettings(tx, organizationId));
  if (!row) {
    throw notFound('Organization');
  }
  return settingsOf(row);
}

export async function replaceSettings(
  database: Database,
  organizationId: OrganizationId,
  body: z.output<typeof OrganizationSettingsBody>,
): Promise<OrganizationSettings> {
  const row = await database.tenant(organizationId, async (tx) => {
    await refuseCurrencySwitchWithPrices(tx, organizationId, body.currency);
    return updateSettings(tx, organizationId, body);
  });
  if (!row) {
    throw notFound('Organization');
  }
  return settingsOf(row);
}

/**
 * Prices are stored in minor units of the organization's currency: switching the currency would
 * read $45.50 as ¥4550 without anyone deciding so. While services carry prices the switch is
 * refused with the reason; there is no exchange rate Thera could choose for the organization.
 */
async function refuseCurrencySwitchWithPrices(tx: Tx, organizationId: OrganizationId, currency: string | undefined) {
  if (!currency) {
    return;
  }
  const current = await getSettings(tx, organizationId);
  if (!current || current.currency === currency) {
    return;
  }
  const priced = await countPricedServices(tx, organizationId);
  if (priced > 0) {
    const services = priced === 1 ? '1 service has a price' : `${priced} services have prices`;
    throw new AppError(
      'CONFLICT',
      `The currency can't change while prices are set in ${current.currency}: ${services}. Set those prices to 0 or remove the services first, then change the currency and enter the prices again.`,
      { currency: [`${services} in ${current.currency}.`] },
    );
  }
}

const ownerProfileOf = (row: OwnerRow) => ({
  first_name: row.firstName,
  last_name: row.lastName,
  phone_number: row.phoneNumber,
  email: row.email,
});

function requireOwner(auth: SignedIn): void {
  if (auth.user.user_type !== 'ORG') {
    throw new AppError('FORBIDDEN', 'Only organization owners have an owner profile.');
  }
}

export async function readOwnerProfile(database: Database, auth: SignedIn) {
  requireOwner(auth);
  const row = await findOwner(database.db, auth.user.id);
  if (!row) {
    throw new AppError('NOT_SIGNED_IN', 'You are not signed in.');
  }
  return ownerProfileOf(row);
}

/** Name and phone of the owner; the session user is read from the same row. */
export async function updateOwnerProfileOf(database: Database, auth: SignedIn, body: z.output<(typeof updateOwnerProfile)['body']>) {
  requireOwner(auth);
  const patch = {
    ...(body.first_name !== undefined ? { firstName: body.first_name } : {}),
    ...(body.last_name !== undefined ? { lastName: body.last_name } : {}),
    ...(body.phone_number !== undefined ? { phoneNumber: body.phone_number } : {}),
  };
  const row =
    Object.keys(patch).length > 0 ? await updateOwner(database.db, auth.user.id, patch) : await findOwner(database.db, auth.user.id);
  if (!row) {
    throw new AppError('NOT_SIGNED_IN', 'You are not signed in.');
  }
  return ownerProfileOf(row);
}
