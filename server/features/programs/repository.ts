import type { OrganizationId } from '../../lib/ids';
import { and, asc, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/handles';
import { programs, programStudents } from '../../db/schema/programs';
import { containing, type Window } from '../../lib/pagination';
import type { ProgramOrdering } from '../../../contract/programs';

// Every function takes the organization first and runs inside a tenant transaction it is given;
// the explicit organization filter sits on top of row-level security. Lists answer in a fixed
// number of queries whatever the page size (never one per row). A program's students are in
// repository-students.ts, its departments and team in repository-team.ts.

export type ProgramRow = typeof programs.$inferSelect;

// Inside a select's own fields drizzle writes the main table's columns unqualified: the outer row is named explicitly.
const OUTER_ORG = sql.raw('"programs"."organization_id"');
const OUTER_ID = sql.raw('"programs"."id"');

export interface ProgramFilter {
  search?: string | undefined;
  /** One program only (its row after a write). */
  id?: string | undefined;
}

function programWhere(organizationId: OrganizationId, filter: ProgramFilter): SQL | undefined {
  const pattern = containing(filter.search);
  return and(
    eq(programs.organizationId, organizationId),
    pattern ? ilike(programs.name, pattern) : undefined,
    filter.id === undefined ? undefined : eq(programs.id, filter.id),
  );
}

const ORDER: Record<ProgramOrdering, SQL[]> = {
  name: [sql`lower(${programs.name}) ASC`, asc(programs.id)],
  '-name': [sql`lower(${programs.name}) DESC`, asc(programs.id)],
  created_at: [asc(programs.createdAt), asc(programs.id)],
  '-created_at': [desc(programs.createdAt), asc(programs.id)],
};

/** A page of programs, each with its student count (correlated count, same query); no window: all of them. */
export async function pagePrograms(
  tx: Tx,
  organizationId: OrganizationId,
  filter: ProgramFilter,
  ordering: ProgramOrdering,
  window?: Window,
) {
  const query = tx
    .select({
      id: programs.id,
      name: programs.name,
      description: programs.description,
      createdAt: programs.createdAt,
      studentsCount: sql<number>`(SELECT count(*)::int FROM ${programStudents} s
        WHERE s.organization_id = ${OUTER_ORG} AND s.program_id = ${OUTER_ID})`,
    })
    .from(programs)
    .where(programWhere(organizationId, filter))
    .orderBy(...ORDER[ordering]);
  return window ? query.limit(window.limit).offset(window.offset) : query;
}

export type ProgramListRow = Awaited<ReturnType<typeof pagePrograms>>[number];

/** The filtered count and count_all, in one query. */
export async function programCounts(tx: Tx, organizationId: OrganizationId, filter: ProgramFilter) {
  const matching = programWhere(organizationId, filter) ?? sql`true`;
  const [row] = await tx
    .select({ count: sql<number>`count(*) FILTER (WHERE ${matching})::int`, countAll: sql<number>`count(*)::int` })
    .from(programs)
    .where(eq(programs.organizationId, organizationId));
  return { count: row?.count ?? 0, countAll: row?.countAll ?? 0 };
}

/** Inserts a program; undefined when the name was taken meanwhile (a concurrent call). */
export async function insertProgram(tx: Tx, organizationId: OrganizationId, row: { id: string; name: string; description: string }) {
  const [created] = await tx
    .insert(programs)
    .values({ organizationId, ...row })
    .onConflictDoNothing()
    .returning();
  return created;
}

export async function findProgram(tx: Tx, organizationId: OrganizationId, id: string): Promise<ProgramRow | undefined> {
  const [row] = await tx
    .select()
    .from(programs)
    .where(and(eq(programs.organizationId, organizationId), eq(programs.id, id)));
  return row;
}

export async function findPrograms(tx: Tx, organizationId: OrganizationId, ids: string[]): Promise<ProgramRow[]> {
  if (ids.length === 0) {
    return [];
  }
  return tx
    .select()
    .from(programs)
    .where(and(eq(programs.organizationId, organizationId), inArray(programs.id, ids)));
}

export async function findProgramByName(tx: Tx, organizationId: OrganizationId, name: string): Promise<ProgramRow | undefined> {
  const [row] = await tx
    .select()
    .from(programs)
    .where(and(eq(programs.organizationId, organizationId), sql`lower(${programs.name}) = lower(${name})`));
  return row;
}

export async function updateProgramRow(
  tx: Tx,
  organizationId: OrganizationId,
  id: string,
  patch: Partial<Pick<ProgramRow, 'name' | 'description'>>,
) {
  if (Object.keys(patch).length === 0) {
    return undefined;
  }
  const [row] = await tx
    .update(programs)
    .set(patch)
    .where(and(eq(programs.organizationId, organizationId), eq(programs.id, id)))
    .returning();
  return row;
}

export async function deleteProgramRows(tx: Tx, organizationId: OrganizationId, ids: string[]) {
  if (ids.length === 0) {
    return [];
  }
  return tx
    .delete(programs)
    .where(and(eq(programs.organizationId, organizationId), inArray(programs.id, ids)))
    .returning({ id: programs.id });
}
