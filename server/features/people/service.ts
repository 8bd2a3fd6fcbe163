/**
 * People directories.
 *
 * Decisions:
 * - Searchable, paginated directories; names, e-mail (therapists, parents) and codes (students) only.
 *   Nothing of a student's record is here: that needs students.records and is audited.
 * - Therapists: active and resigning by default ("current"); "former" = terminated or resigned.
 * - Students and parents: the owner and members with students.manage see everyone; other members
 *   (a therapist) see only the students assigned to them and those students' parents.
 * - A student's enrollment status is that of their newest open (not archived) enrollment.
 */
import type { Tx } from '../../db/handles';
import type { OrgAccess } from '../../plugins/auth';
import * as repo from './repository';
import { studentListScope } from '../../lib/student-visibility';

type Ordering = repo.DirectoryFilter['ordering'];
export interface DirectoryQuery {
  page: number;
  page_size: number;
  search?: string | undefined;
  ordering: Ordering;
}

const STATUSES = {
  current: ['active', 'resigning'],
  former: ['terminated', 'resigned'],
  all: ['active', 'resigning', 'terminated', 'resigned'],
};

function filterOf(org: OrgAccess, query: DirectoryQuery): repo.DirectoryFilter {
  return {
    search: query.search?.trim() || undefined,
    ordering: query.ordering,
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
    assignedTo: studentListScope(org),
  };
}

/**
 * A page and the total from the same query (a window count); a page past the end has no rows to
 * carry the total, so it is asked once more for the first row only.
 */
async function pageFrom<R extends { total: number; joined_at: Date | string }>(
  select: (window: { limit: number; offset: number }) => Promise<R[]>,
  filter: { limit: number; offset: number },
) {
  const rows = await select(filter);
  const count = rows[0]?.total ?? (filter.offset > 0 ? ((await select({ limit: 1, offset: 0 }))[0]?.total ?? 0) : 0);
  return { count, results: rows.map(({ total: _, ...r }) => ({ ...r, joined_at: new Date(r.joined_at).toISOString() })) };
}

export async function therapists(tx: Tx, org: OrgAccess, query: DirectoryQuery & { status: keyof typeof STATUSES }) {
  const filter = { ...filterOf(org, query), assignedTo: null, statuses: STATUSES[query.status] };
  return pageFrom((f) => repo.selectTherapists(tx, org.organizationId, { ...filter, ...f }), filter);
}

export async function students(tx: Tx, org: OrgAccess, query: DirectoryQuery) {
  const filter = filterOf(org, query);
  return pageFrom((f) => repo.selectStudents(tx, org.organizationId, { ...filter, ...f }), filter);
}

export async function parents(tx: Tx, org: OrgAccess, query: DirectoryQuery) {
  const filter = filterOf(org, query);
  return pageFrom((f) => repo.selectParents(tx, org.organizationId, { ...filter, ...f }), filter);
}
