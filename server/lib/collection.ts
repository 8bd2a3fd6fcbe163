import type { AuditEntity } from '../../contract/audit';
import type { OrganizationId } from './ids';
import { and, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/handles';
import type { Change } from './audit-trail';
import type { RacedConstraint } from './db-errors';
import type { RequestContext } from './request-context';
import type { BulkDeleteResult } from '../../contract/http';
import { AppError, notFound } from './app-error';
import { bulkDelete as deleteRows, deleteOne } from './bulk-delete';
import { booleanFilter, containing, readPage, type Window } from './pagination';

/**
 * What an organization's named collections (classrooms, programs, departments, services, the
 * enrollment templates) do alike around their rows, written once: a row of the organization or 404,
 * a name no other row holds in any case, and each create, update and delete on the call's trail with
 * the fields the trail keeps. A feature declares its collection and keeps only the rules of its own.
 */

/**
 * The per-table reads and writes a collection uses (a repository's `tenantRows`). Ids are typed as
 * the row's, so a collection of branded rows (departments) takes only its own kind of id.
 */
interface CollectionRows<Row extends { id: string }, Insert> {
  byId(tx: Tx, organizationId: OrganizationId, id: Row['id'], lock?: boolean): Promise<Row | undefined>;
  byName(tx: Tx, organizationId: OrganizationId, name: string): Promise<Row | undefined>;
  insertOnce(tx: Tx, organizationId: OrganizationId, row: Insert): Promise<Row | undefined>;
  update(tx: Tx, organizationId: OrganizationId, id: Row['id'], patch: Partial<Insert>): Promise<Row | undefined>;
  deleteById(tx: Tx, organizationId: OrganizationId, id: Row['id']): Promise<Row | undefined>;
  byIds(tx: Tx, organizationId: OrganizationId, ids: Row['id'][]): Promise<Row[]>;
  deleteByIds(tx: Tx, organizationId: OrganizationId, ids: Row['id'][]): Promise<unknown>;
}

export interface CollectionOf<Row extends { id: string }, Insert> {
  rows: CollectionRows<Row, Insert>;
  /** The entity as the trail names it (`classroom`). */
  entity: AuditEntity;
  /** The entity as an error names it (`Classroom`). */
  label: string;
  /** The fields the trail keeps of a row (no ids or timestamps: those are the row's). */
  audited: (row: Row) => Record<string, unknown>;
  /**
   * The sentence of the unique constraint on the name (the feature's UNIQUE_CONSTRAINTS): a name
   * another row holds is refused with it before anything is written, and so is one taken between
   * that look-up and the insert, so both answer alike.
   */
  nameTaken: RacedConstraint;
  /** The changes of the rows a deletion takes with it (seats, links), read before they go; none when absent. */
  dependents?: (ctx: RequestContext, found: string[]) => Promise<Change[]>;
}

export function collection<Row extends { id: string }, Insert>(of: CollectionOf<Row, Insert>) {
  const { detail, field = 'name' } = of.nameTaken;
  const nameTaken = () => new AppError('CONFLICT', detail, { [field]: [detail] });
  const bulkDelete = async (ctx: RequestContext, ids: string[]): Promise<BulkDeleteResult> =>
    deleteRows(ctx, ids, { ...of, dependents: async (found) => (of.dependents ? of.dependents(ctx, found) : []) });
  const recorded = async (ctx: RequestContext, change: Omit<Change, 'entity'>) => ctx.trail.record({ ...change, entity: of.entity });
  return {
    /** The row, or 404; `lock` holds it until the transaction ends. */
    require: async (ctx: RequestContext, id: Row['id'], lock = false): Promise<Row> =>
      found(of.label, of.rows.byId(ctx.tx, ctx.org.id, id, lock)),

    /** Refuses a name another row holds in any case; the row being renamed (`current`) may keep its own. */
    async checkName(ctx: RequestContext, name: string | undefined, current?: Row): Promise<void> {
      if (name === undefined) {
        return;
      }
      const holder = await of.rows.byName(ctx.tx, ctx.org.id, name);
      if (holder && holder.id !== current?.id) {
        throw nameTaken();
      }
    },

    /** Inserts the row and records it; a name taken meanwhile (a concurrent call) is refused like a taken one. */
    async create(ctx: RequestContext, values: Insert): Promise<Row> {
      const created = await of.rows.insertOnce(ctx.tx, ctx.org.id, values);
      if (!created) {
        throw nameTaken();
      }
      await recorded(ctx, { action: 'create', entityId: created.id, after: of.audited(created) });
      return created;
    },

    /** Writes the fields the patch names and records the change; a patch naming none answers the row as it is. */
    async update(ctx: RequestContext, current: Row, patch: Partial<Insert>): Promise<Row> {
      const updated =
        Object.keys(patch).length === 0 ? current : await found(of.label, of.rows.update(ctx.tx, ctx.org.id, current.id, patch));
      await recorded(ctx, { action: 'update', entityId: current.id, before: of.audited(current), after: of.audited(updated) });
      return updated;
    },

    /** Deletes the row and records it, or 404. */
    async remove(ctx: RequestContext, id: Row['id']): Promise<Row> {
      const removed = await found(of.label, of.rows.deleteById(ctx.tx, ctx.org.id, id));
      await recorded(ctx, { action: 'delete', entityId: id, before: of.audited(removed) });
      return removed;
    },

    /** Deletes the rows it finds with what goes with them (lib/bulk-delete.ts); unknown ids are answered in `failed`. */
    bulkDelete,
    /** Deletes one row with what goes with it, or 404. */
    deleteOne: async (ctx: RequestContext, id: string): Promise<{ ok: true }> => deleteOne(of.label, bulkDelete(ctx, [id])),
  };
}

/** How a collection's list narrows: a search, active or not, or one row (the answer after a write). */
export interface CollectionFilter {
  search?: string | undefined;
  isActive?: boolean | undefined;
  id?: string | undefined;
}

/**
 * The condition of a collection's list: the organization's rows whose searched columns contain the
 * search (in any case), active or not when the collection can be switched off (its `is_active`
 * column), or the one row asked for.
 */
export function collectionWhere(
  table: { organizationId: PgColumn; id: PgColumn },
  options: { searched: PgColumn[]; active?: PgColumn },
): (organizationId: OrganizationId, filter: CollectionFilter) => SQL | undefined {
  return (organizationId, filter) => {
    const pattern = containing(filter.search);
    return and(
      eq(table.organizationId, organizationId),
      pattern ? or(...options.searched.map((column) => ilike(column, pattern))) : undefined,
      options.active ? booleanFilter(options.active, filter.isActive) : undefined,
      filter.id === undefined ? undefined : eq(table.id, filter.id),
    );
  };
}

/** The window of a list's read that answers one row: the row after a write, a GET of one. */
export const ONE_ROW = { limit: 1, offset: 0 } as const;

/** The row a look-up, an update or a delete answered, or 404 when there was none (`label` names it). */
export async function found<Row>(label: string, row: Promise<Row | undefined>): Promise<Row> {
  const answered = await row;
  if (answered === undefined) {
    throw notFound(label);
  }
  return answered;
}

/**
 * The one row a list's read answered (filtered to one id, `ONE_ROW`), or 404: a row is answered
 * exactly as its list shows it, so a screen that updates one row in its list needs no other shape.
 */
export const listedRow = async <Row>(label: string, rows: Promise<Row[]>): Promise<Row> =>
  found(
    label,
    rows.then(([row]) => row),
  );

/**
 * How a collection's list is read: a window of its rows, each carrying the total of the rows that
 * match (`listTotal`), and the stats it answers beside its page (counts over all of the
 * organization's rows, read after the page).
 */
export interface CollectionListing<Row, Item, Stats> {
  rows: (window: Window) => Promise<(Row & { total: number })[]>;
  present: (row: Row) => Item;
  stats: () => Promise<Stats>;
}

/** A page of a collection with its stats, in two statements whatever the page size: the rows with their total, then the stats. */
export async function collectionPage<Row, Item, Stats>(
  ctx: RequestContext,
  query: { page: number; page_size: number },
  listing: CollectionListing<Row, Item, Stats>,
) {
  const page = await readPage(ctx.url, query, listing.rows, listing.present);
  return { ...page, ...(await listing.stats()) };
}
