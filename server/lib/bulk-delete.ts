import type { BulkDeleteResult } from '../../contract/http';
import type { AuditEntity } from '../../contract/audit';
import type { Change } from './audit-trail';
import type { OrganizationId } from './ids';
import type { RequestContext } from './request-context';
import type { Tx } from '../db/handles';
import { notFound } from './app-error';

/** What a bulk delete of one kind of row needs to know: its rows, its name, and what goes with it. */
export interface BulkDeleteOf<Row extends { id: string }> {
  rows: {
    byIds(tx: Tx, organizationId: OrganizationId, ids: string[]): Promise<Row[]>;
    deleteByIds(tx: Tx, organizationId: OrganizationId, ids: string[]): Promise<unknown>;
  };
  /** The entity as the trail names it (`classroom`). */
  entity: AuditEntity;
  /** The entity as an error names it (`Classroom`). */
  label: string;
  /** The fields the trail keeps of a deleted row. */
  audited: (row: Row) => Record<string, unknown>;
  /** The changes of the rows that go with the found ones (their seats, their links), read before they are deleted. */
  dependents: (found: string[]) => Promise<Change[]>;
}

/**
 * Deletes the rows it finds, with their dependents, each recorded on the trail (dependents first);
 * unknown ids are answered in `failed`. Every id is handled once, however often it is given.
 */
export async function bulkDelete<Row extends { id: string }>(
  ctx: RequestContext,
  requested: string[],
  of: BulkDeleteOf<Row>,
): Promise<BulkDeleteResult> {
  const ids = [...new Set(requested)];
  const byId = new Map((await of.rows.byIds(ctx.tx, ctx.org.id, ids)).map((row) => [row.id, row]));
  const found = ids.filter((id) => byId.has(id));
  if (found.length > 0) {
    const dependents = await of.dependents(found);
    await of.rows.deleteByIds(ctx.tx, ctx.org.id, found);
    await ctx.trail.recordAll([
      ...dependents,
      ...found.map((id): Change => ({ action: 'delete', entity: of.entity, entityId: id, before: of.audited(byId.get(id)!) })),
    ]);
  }
  return {
    deleted: found,
    failed: ids.filter((id) => !byId.has(id)).map((id) => ({ id, code: 'NOT_FOUND', detail: `${of.label} not found.` })),
  };
}

/** Deletes one row through its bulk delete: 404 when it is not found. */
export async function deleteOne(label: string, result: Promise<BulkDeleteResult>): Promise<{ ok: true }> {
  if ((await result).failed.length > 0) {
    throw notFound(label);
  }
  return { ok: true };
}
