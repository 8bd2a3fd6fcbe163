/**
 * The audit screen: the organization's audit trail (server/lib/audit-trail.ts writes it, one row per
 * change an admin call makes and per opening of a student's record), read back a page at a time.
 *
 * Decisions:
 * - Reading the trail needs audit.view, the key that already guards a department's history: owners
 *   hold every key; the built-in therapist and front-desk roles do not hold it, and an owner may
 *   give it to a role of their own.
 * - Filters: the person who made the call (user_id), the kind of record (entity), one record
 *   (entity_id), a date range and a search over the person's name and e-mail, the call and the
 *   record id. The dates are calendar days in the organization's time zone, both ends included:
 *   "to 2026-11-26" runs up to midnight starting the 27th there.
 * - Newest first by default (oldest first on request); the entry number breaks ties, so pages never
 *   repeat or skip an entry.
 * - The pickers' lists (kinds of record and people, each with its count) cover the whole trail,
 *   whatever the filters, so choosing one never empties the others. They come with the page: two
 *   statements a call whatever the page size (the pickers with the time zone and currency, then
 *   the page with its count).
 * - An entry shows the record's name when the trail has recorded one for that record (its newest
 *   `name`), so a deleted service is still named; records without a name show their id.
 * - Money recorded in minor units is answered as a decimal string in the organization's current
 *   currency (as services are: changing the currency relabels amounts, it never converts them).
 */
import { asUserId } from '../../lib/ids';
import type { RequestContext } from '../../lib/request-context';
import type { z } from 'zod';
import { pageAnswer, pageRequestOf, withTotal } from '../../lib/pagination';
import { addDays, zonedTimeToUtc } from '../../lib/time-zones';
import type { AuditList, ListAuditQuery } from '../../../contract/audit';
import type { CurrencyCode } from '../../../contract/money';
import * as repo from './repository';
import { presentEntry, presentFacets } from './present';

export async function listAuditEntries(ctx: RequestContext, query: z.output<typeof ListAuditQuery>): Promise<AuditList> {
  const { tx } = ctx;
  const organizationId = ctx.org.id;
  const facets = await repo.selectAuditFacets(tx, organizationId);
  const [first] = facets;
  if (!first) {
    throw new Error('The organization of a tenant transaction is not visible');
  }
  const { timezone, currency } = first;
  const filter: repo.AuditFilter = {
    search: query.search || undefined,
    userId: query.user_id === undefined ? undefined : asUserId(query.user_id),
    entity: query.entity,
    entityId: query.entity_id,
    from: query.from === undefined ? undefined : zonedTimeToUtc(query.from, '00:00', timezone),
    until: query.to === undefined ? undefined : zonedTimeToUtc(addDays(query.to, 1), '00:00', timezone),
  };
  const page = await withTotal((window) => repo.pageAuditEntries(tx, organizationId, filter, query.ordering, window), pageRequestOf(query));
  return {
    ...pageAnswer(ctx.url, query, page, (row) => presentEntry(row, currency as CurrencyCode)),
    timezone,
    ...presentFacets(facets),
  };
}
