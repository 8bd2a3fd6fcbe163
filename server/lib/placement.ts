import type { AuditEntity } from '../../contract/audit';
import { newId, type OrganizationId } from './ids';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/handles';
import { students } from '../db/schema/enrollments';
import type { Change } from './audit-trail';
import { reachSql, type Reach } from './access';
import type { Window } from './pagination';
import { byStudentName, studentFields, studentSearch } from './person-columns';
import { sameOrganizationRow } from './tenant-rows';

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

/**
 * A link made or removed, as the trail keeps it: scoped to both of its sides (and whatever else it
 * belongs to) so each one's history lists it, with the fields it keeps after a create, before a delete.
 */
export function linkMadeOrRemoved(
  action: 'create' | 'delete',
  link: { entity: AuditEntity; id: string; scope: Record<string, string>; kept: Record<string, unknown> },
): Change {
  const fields = action === 'create' ? { after: link.kept } : { before: link.kept };
  return { action, entity: link.entity, entityId: link.id, scope: link.scope, ...fields };
}

/** A link table whose rows each place one student: a classroom's seats, a department's placements. */
type StudentLinkTable = LinkTable & { studentId: PgColumn };

export interface StudentLinkFilter {
  /** The links of one classroom or department. */
  parentId?: string | undefined;
  /** One link only (the answer of a change to it). */
  id?: string | undefined;
  search?: string | undefined;
  /** The students the caller reaches (lib/access). */
  reach: Reach;
}

/** A placed student as a list shows them: the link, its parent, the student, the total on every row. */
export interface StudentLinkRow {
  id: string;
  parentId: string;
  studentId: string;
  firstName: string;
  lastName: string;
  code: string;
  total: number;
}

/** The columns of its own a link's list adds (a seat's creation time). */
type Extra<E extends Record<string, PgColumn>> = { [Key in keyof E]: E[Key]['_']['data'] };

/** A page of placed students the caller reaches, by name (the link's id breaking ties). */
export async function pageStudentLinks<E extends Record<string, PgColumn>>(
  tx: Tx,
  organizationId: OrganizationId,
  link: { table: StudentLinkTable; parent: PgColumn; extra: E },
  filter: StudentLinkFilter,
  window: Window,
): Promise<(StudentLinkRow & Extra<E>)[]> {
  const { table, parent } = link;
  const rows = await tx
    .select({ id: table.id, parentId: parent, ...studentFields, ...link.extra, total: sql<number>`count(*) OVER ()::int` })
    .from(table as PgTable)
    .innerJoin(students, sameOrganizationRow(students, table, table.studentId))
    .where(
      and(
        eq(table.organizationId, organizationId),
        filter.parentId === undefined ? undefined : eq(parent, filter.parentId),
        filter.id === undefined ? undefined : eq(table.id, filter.id),
        reachSql(organizationId, filter.reach, sql`${students.id}`),
        studentSearch(filter.search),
      ),
    )
    .orderBy(...byStudentName, asc(table.id))
    .limit(window.limit)
    .offset(window.offset);
  return rows as (StudentLinkRow & Extra<E>)[];
}
