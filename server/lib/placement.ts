import { newId, type OrganizationId } from './ids';
import { and, eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/handles';

/**
 * Placements: a student (or their enrollment) linked to something of the organization that holds
 * students, a department, a program or a classroom. The link rows of each are alike, so what is done
 * to them alike is written here once.
 */

type LinkTable = PgTable & { id: PgColumn; organizationId: PgColumn };

/**
 * Makes the links of one owner exactly the targets given (a student's departments, an enrollment's
 * programs): links to other targets go, missing ones are added, and one a concurrent call added
 * meanwhile is left as it is. `owner` and `target` name the link's columns as its row names them.
 */
export async function setLinks<T extends LinkTable>(
  tx: Tx,
  organizationId: OrganizationId,
  table: T,
  link: { owner: keyof T & string; ownerId: string; target: keyof T & string },
  targetIds: string[],
): Promise<void> {
  const column = (key: keyof T) => table[key] as unknown as PgColumn;
  const inOrganization = (...conditions: ReturnType<typeof eq>[]) => and(eq(table.organizationId, organizationId), ...conditions);
  const current = (await tx
    .select({ id: table.id, target: column(link.target) })
    .from(table as PgTable)
    .where(inOrganization(eq(column(link.owner), link.ownerId)))) as { id: string; target: string }[];
  const gone = current.filter((row) => !targetIds.includes(row.target)).map((row) => row.id);
  if (gone.length > 0) {
    await tx.delete(table).where(inOrganization(inArray(table.id, gone)));
  }
  const added = targetIds.filter((id) => !current.some((row) => row.target === id));
  if (added.length > 0) {
    const rows = added.map((target) => ({ organizationId, id: newId(), [link.owner]: link.ownerId, [link.target]: target }));
    await tx
      .insert(table)
      .values(rows as never)
      .onConflictDoNothing();
  }
}
