import type { OrganizationId } from '../../lib/ids';
import type { SQL } from 'drizzle-orm';
import type { Tx } from '../../db/handles';
import { programs, programStudents } from '../../db/schema/programs';
import { listTotal, type Window } from '../../lib/pagination';
import { collectionWhere, type CollectionFilter } from '../../lib/collection';
import { childCount, listCounts, nameAndCreatedOrder, outerRow, tenantRows } from '../../lib/tenant-rows';
import type { ProgramOrdering } from '../../../contract/programs';

// Every function takes the organization first and runs inside a tenant transaction it is given;
// the explicit organization filter sits on top of row-level security. Lists answer in a fixed
// number of queries whatever the page size (never one per row). A program's students are in
// repository-students.ts, its departments and team in repository-team.ts.

export type ProgramRow = typeof programs.$inferSelect;

const OUTER = outerRow('programs');

/** Programs; an insert answers undefined when the name was taken meanwhile (a concurrent call). */
export const programRows = tenantRows(programs, { name: programs.name });

/** Search matches the name. */
const programWhere = collectionWhere(programs, { searched: [programs.name] });

const ORDER: Record<ProgramOrdering, SQL[]> = nameAndCreatedOrder(programs);

/** A page of programs, each with its student count (correlated count) and the total that match, in one query; no window: all of them. */
export async function pagePrograms(
  tx: Tx,
  organizationId: OrganizationId,
  filter: CollectionFilter,
  ordering: ProgramOrdering,
  window?: Window,
) {
  const query = tx
    .select({
      id: programs.id,
      name: programs.name,
      description: programs.description,
      createdAt: programs.createdAt,
      studentsCount: childCount(programStudents, 'program_id', OUTER),
      total: listTotal(),
    })
    .from(programs)
    .where(programWhere(organizationId, filter))
    .orderBy(...ORDER[ordering]);
  return window ? query.limit(window.limit).offset(window.offset) : query;
}

export type ProgramListRow = Omit<Awaited<ReturnType<typeof pagePrograms>>[number], 'total'>;

/** count_all: every program of the organization, whatever the search. */
export async function programCounts(tx: Tx, organizationId: OrganizationId) {
  return listCounts(tx, programs, organizationId);
}
