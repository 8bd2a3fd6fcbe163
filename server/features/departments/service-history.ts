import { type DepartmentId, asMembershipId, asStudentId } from '../../lib/ids';
import type { z } from 'zod';
import { notFound } from '../../lib/app-error';
import type { RequestContext } from '../../lib/request-context';
import { pageAnswer, pageRequestOf, windowOf } from '../../lib/pagination';
import type { departmentHistory as historyCall } from '../../../contract/departments';
import { departmentRows } from './repository';
import * as repo from './repository-history';
import { presentHistory } from './present';

/**
 * A department's history, newest first. A deleted department keeps its history (who deleted it is
 * the question people ask); an id with neither a department nor a history is not found. Entries name
 * the team member and the student a change concerns (looked up for the whole page in two queries), so
 * the screen can say "Maya Chen assigned Noah Bennett to Jordan Reyes" without one call per row; a
 * person no longer in the organization is null.
 */
export async function departmentHistory(
  ctx: RequestContext,
  departmentId: DepartmentId,
  query: z.output<typeof historyCall.query>,
): Promise<z.input<typeof historyCall.response>> {
  const count = await repo.countDepartmentHistory(ctx.tx, ctx.org.id, departmentId);
  if (count === 0 && !(await departmentRows.byId(ctx.tx, ctx.org.id, departmentId))) {
    throw notFound('Department');
  }
  const page = count === 0 ? [] : await repo.pageDepartmentHistory(ctx.tx, ctx.org.id, departmentId, windowOf(pageRequestOf(query)));
  const idsOf = (field: string) => [...new Set(page.flatMap((row) => historyIds(row.changes, field)))];
  const names = await repo.historySubjectNames(
    ctx.tx,
    ctx.org.id,
    idsOf('membership_id').map(asMembershipId),
    idsOf('student_id').map(asStudentId),
  );
  const rows = page.map((row) => ({
    ...row,
    member: names.members.get(historyIds(row.changes, 'membership_id')[0] ?? '') ?? null,
    student: names.students.get(historyIds(row.changes, 'student_id')[0] ?? '') ?? null,
  }));
  return pageAnswer(ctx.url, query, { count, rows }, presentHistory);
}

/** The uuid(s) a trail row's `{ field: [before, after] }` changes hold for one field. */
function historyIds(changes: unknown, field: string): string[] {
  const pair = (changes as Record<string, unknown> | null)?.[field];
  return Array.isArray(pair) ? pair.filter((v): v is string => typeof v === 'string' && /^[0-9a-f-]{36}$/i.test(v)) : [];
}
