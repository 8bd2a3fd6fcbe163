import type { z } from 'zod';
import { openWorkspaceUsage } from '../../db/lookups';
import type { SessionState } from '../../../contract/accounts';
import {
  listOrganizations,
  type GettingStarted,
  type OrganizationSettings,
  type OrganizationSettingsBody,
  type OrganizationSummary,
  type updateOwnerProfile,
} from '../../../contract/organizations';
import type { Tx } from '../../db/handles';
import { AppError, notFound } from '../../lib/app-error';
import type { OrganizationId } from '../../lib/ids';
import { pageOf } from '../../lib/pagination';
import type { RequestContext, UserContext } from '../../lib/request-context';
import {
  countPricedServices,
  findOrganizationByCode,
  firstSteps,
  getSettings,
  organizationsOfUser,
  searchOrganizations,
  setActiveOrganization,
  updateSettings,
} from './repository';
import { myOrganization, ownerProfileOf, settingsOf, summary } from './present';
import { NAME_AND_PHONE, patchOf } from '../../lib/row-patch';
import { findUserById, updateUser } from '../accounts';

/** A user has a handful of organizations: the list is read whole and paged here. */
export async function listMyOrganizations(ctx: UserContext, query: { page: number; page_size: number }) {
  const rows = await organizationsOfUser(ctx.database.db, ctx.actor);
  return pageOf(rows.map(myOrganization), listOrganizations.path, query.page, query.page_size);
}

/** Switches the session's active organization; only one of the user's own (else 404, spec: never reveal). */
export async function switchOrganization(ctx: UserContext, requestedId: string): Promise<SessionState> {
  const mine = await organizationsOfUser(ctx.database.db, ctx.actor);
  const organizationId = mine.find((r) => r.organization.id === requestedId)?.organization.id;
  if (!organizationId) {
    throw notFound('Organization');
  }
  await setActiveOrganization(ctx.database.db, ctx.session.sessionId, organizationId);
  const usage = await openWorkspaceUsage(ctx.database, organizationId, ctx.actor);
  return { user: { ...ctx.session.user, current_usage: usage }, locked: false, active_organization_id: organizationId };
}

export async function resolveByCode(ctx: UserContext, code: string): Promise<OrganizationSummary> {
  const row = await findOrganizationByCode(ctx.database.db, code);
  if (!row) {
    throw notFound('Organization');
  }
  return summary(row);
}

export async function search(ctx: UserContext, q: string, limit: number): Promise<{ results: OrganizationSummary[] }> {
  const rows = await searchOrganizations(ctx.database.db, q, limit);
  return { results: rows.map(summary) };
}

/** Settings are read and written in the call's tenant transaction: row-level security is the floor under the id. */
/**
 * The getting-started list of a new organization's Home: each step is done once the organization's
 * own rows show it (a service, a department, a therapist invited or a member, an enrollment, a
 * session), so a step done on any screen, or by another manager, ticks it.
 */
export async function readGettingStarted(ctx: RequestContext): Promise<GettingStarted> {
  return firstSteps(ctx.tx, ctx.org.id);
}

export async function readSettings(ctx: RequestContext): Promise<OrganizationSettings> {
  const row = await getSettings(ctx.tx, ctx.org.id);
  if (!row) {
    throw notFound('Organization');
  }
  return settingsOf(row);
}

export async function replaceSettings(ctx: RequestContext, body: z.output<typeof OrganizationSettingsBody>): Promise<OrganizationSettings> {
  await refuseCurrencySwitchWithPrices(ctx.tx, ctx.org.id, body.currency);
  const row = await updateSettings(ctx.tx, ctx.org.id, body);
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

function requireOwner(ctx: UserContext): void {
  if (ctx.session.user.user_type !== 'ORG') {
    throw new AppError('FORBIDDEN', 'Only organization owners have an owner profile.');
  }
}

export async function readOwnerProfile(ctx: UserContext) {
  requireOwner(ctx);
  const row = await findUserById(ctx.database.db, ctx.actor);
  if (!row) {
    throw new AppError('NOT_SIGNED_IN', 'You are not signed in.');
  }
  return ownerProfileOf(row);
}

/** Name and phone of the owner; the session user is read from the same row. */
export async function updateOwnerProfileOf(ctx: UserContext, body: z.output<(typeof updateOwnerProfile)['body']>) {
  requireOwner(ctx);
  const patch = patchOf(body, NAME_AND_PHONE);
  const row =
    Object.keys(patch).length > 0 ? await updateUser(ctx.database.db, ctx.actor, patch) : await findUserById(ctx.database.db, ctx.actor);
  if (!row) {
    throw new AppError('NOT_SIGNED_IN', 'You are not signed in.');
  }
  return ownerProfileOf(row);
}
