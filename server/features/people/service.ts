/**
 * People directories.
 *
 * Decisions:
 * - Searchable, paginated directories; names, e-mail (therapists, parents) and codes (students) only.
 *   Nothing of a student's record is here: that needs students.records and is audited.
 * - Therapists: active and resigning by default ("current"); "former" = terminated or resigned.
 * - Students and parents: the owner and members with students.manage see everyone; other members
 *   (a therapist) see only the students assigned to them and those students' parents.
 * - Therapists carry how many of their certifications have expired or expire soon: clinics are
 *   audited on their therapists' credentials, so the list flags them.
 * - A student's enrollment status is that of their newest open (not archived) enrollment.
 */
import type { z } from 'zod';
import { warningEnd } from '../../../contract/profile-items';
import type { listStudents, listTherapists } from '../../../contract/people';
import type { RequestContext } from '../../lib/request-context';
import { readPage } from '../../lib/pagination';
import { opensPartSql, studentReach } from '../../lib/access';
import * as repo from './repository';
import { presentPerson } from './present';

/** A directory's query as its call parses it (every directory reads a page, a search and an order alike). */
export type DirectoryQuery = z.output<typeof listStudents.query>;

const STATUSES = {
  current: ['active', 'resigning'],
  former: ['terminated', 'resigned'],
  all: ['active', 'resigning', 'terminated', 'resigned'],
};

function filterOf(ctx: RequestContext, query: DirectoryQuery): Omit<repo.DirectoryFilter, 'limit' | 'offset'> {
  return {
    search: query.search?.trim() || undefined,
    ordering: query.ordering,
    reach: studentReach(ctx.org.access),
    opens: opensPartSql(ctx),
  };
}

export async function therapists(ctx: RequestContext, query: z.output<typeof listTherapists.query>) {
  // A therapist's profile is theirs, not the organization's; only its expiring credentials are counted here.
  const filter = {
    ...filterOf(ctx, query),
    reach: { every: true } as const,
    statuses: STATUSES[query.status],
    warningEnd: warningEnd(new Date()),
  };
  return readPage(ctx.url, query, (w) => repo.selectTherapists(ctx.tx, ctx.org.id, { ...filter, ...w }), presentPerson);
}

/** A directory of the children the caller reaches, or of their parents. */
async function childDirectory<R extends { total: number; joined_at: Date | string }>(
  ctx: RequestContext,
  query: DirectoryQuery,
  select: (tx: RequestContext['tx'], organizationId: RequestContext['org']['id'], filter: repo.DirectoryFilter) => Promise<R[]>,
) {
  const filter = filterOf(ctx, query);
  return readPage(ctx.url, query, (w) => select(ctx.tx, ctx.org.id, { ...filter, ...w }), presentPerson);
}

export const students = (ctx: RequestContext, query: DirectoryQuery) => childDirectory(ctx, query, repo.selectStudents);
export const parents = (ctx: RequestContext, query: DirectoryQuery) => childDirectory(ctx, query, repo.selectParents);
