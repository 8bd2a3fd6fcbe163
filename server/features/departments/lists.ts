/**
 * The department screens' lists: departments with their stats, a team, the
 * students with their therapists, the members to pick from, and a department's history. Each answers
 * a page in a fixed number of queries whatever the page size (never one per row).
 * Rules are in service.ts; the history is a view of the audit trail (server/lib/audit-trail.ts).
 */
import type { OrganizationId } from '../../lib/ids';
import type { Tx } from '../../db/handles';
import { notFound } from '../../lib/app-error';
import { windowOf, withTotal, type PageRequest } from '../../lib/pagination';
import * as lists from './list-repository';
import { requireDepartment, withTherapists } from './service';
import { findDepartment } from './repository';

export async function departmentPage(
  tx: Tx,
  organizationId: OrganizationId,
  filter: lists.DepartmentFilter & { ordering: lists.DepartmentOrdering },
  request: PageRequest,
) {
  const rows = await lists.pageDepartments(tx, organizationId, filter, filter.ordering, windowOf(request));
  const counts = await lists.departmentCounts(tx, organizationId, filter);
  return { rows, ...counts };
}

export async function departmentMemberPage(
  tx: Tx,
  organizationId: OrganizationId,
  departmentId: string,
  search: string | undefined,
  request: PageRequest,
) {
  await requireDepartment(tx, organizationId, departmentId);
  return withTotal((w) => lists.pageDepartmentMembers(tx, organizationId, departmentId, search, w), request);
}

export async function activeMemberPage(
  tx: Tx,
  organizationId: OrganizationId,
  filter: { search?: string | undefined; role?: 'therapist' | 'staff' | undefined },
  request: PageRequest,
) {
  return withTotal((w) => lists.pageActiveMembers(tx, organizationId, filter, w), request);
}

export async function departmentStudentPage(
  tx: Tx,
  organizationId: OrganizationId,
  departmentId: string,
  search: string | undefined,
  request: PageRequest,
  assignedTo: string | null,
) {
  await requireDepartment(tx, organizationId, departmentId);
  const { count, rows } = await withTotal(
    (w) => lists.pageDepartmentStudents(tx, organizationId, departmentId, search, w, assignedTo),
    request,
  );
  // One query for the therapists of the whole page.
  return { count, rows: await withTherapists(tx, organizationId, rows) };
}

/**
 * A department's history, newest first. A deleted department keeps its history (who deleted it is
 * the question people ask); an id with neither a department nor a history is not found.
 */
export async function departmentHistoryPage(tx: Tx, organizationId: OrganizationId, departmentId: string, request: PageRequest) {
  const count = await lists.countDepartmentHistory(tx, organizationId, departmentId);
  if (count === 0 && !(await findDepartment(tx, organizationId, departmentId))) {
    throw notFound('Department');
  }
  const page = count === 0 ? [] : await lists.pageDepartmentHistory(tx, organizationId, departmentId, windowOf(request));
  // The history names the people a change concerns (the team member, the student), not only their ids.
  const idsOf = (field: string) => [...new Set(page.flatMap((row) => historyIds(row.changes, field)))];
  const names = await lists.historySubjectNames(tx, organizationId, idsOf('membership_id'), idsOf('student_id'));
  const rows = page.map((row) => ({
    ...row,
    member: names.members.get(historyIds(row.changes, 'membership_id')[0] ?? '') ?? null,
    student: names.students.get(historyIds(row.changes, 'student_id')[0] ?? '') ?? null,
  }));
  return { count, rows };
}

/** One department as the list shows it (after an update); another organization's id is not found. */
export async function departmentRow(tx: Tx, organizationId: OrganizationId, departmentId: string) {
  const [row] = await lists.pageDepartments(tx, organizationId, { id: departmentId }, 'name', { limit: 1, offset: 0 });
  if (!row) {
    throw notFound('Department');
  }
  return row;
}

/** The uuid(s) a trail row's `{ field: [before, after] }` changes hold for one field. */
function historyIds(changes: unknown, field: string): string[] {
  const pair = (changes as Record<string, unknown> | null)?.[field];
  return Array.isArray(pair) ? pair.filter((v): v is string => typeof v === 'string' && /^[0-9a-f-]{36}$/i.test(v)) : [];
}
