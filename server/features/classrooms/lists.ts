/**
 * The classroom screens' lists (spec §7 "Classrooms"): classrooms with their stats, one classroom,
 * and a classroom's students. Each answers a page in a fixed number of queries whatever the page
 * size (design.md "Lists": never one per row). Rules are in service.ts.
 */
import type { OrganizationId } from '../../lib/ids';
import type { Tx } from '../../db/handles';
import { notFound } from '../../lib/app-error';
import * as lists from './list-repository';
import { requireClassroom } from './service';

export interface PageRequest {
  page: number;
  pageSize: number;
}
const windowOf = ({ page, pageSize }: PageRequest) => ({
  limit: pageSize,
  offset: (page - 1) * pageSize,
});

export async function classroomPage(
  tx: Tx,
  organizationId: OrganizationId,
  filter: lists.ClassroomFilter & { ordering: lists.ClassroomOrdering },
  request: PageRequest,
) {
  const rows = await lists.pageClassrooms(tx, organizationId, filter, filter.ordering, windowOf(request));
  const counts = await lists.classroomCounts(tx, organizationId, filter);
  return { rows, ...counts };
}

/** One classroom as the list shows it; another organization's id is not found. */
export async function classroomRow(tx: Tx, organizationId: OrganizationId, classroomId: string) {
  const [row] = await lists.pageClassrooms(tx, organizationId, { id: classroomId }, 'name', { limit: 1, offset: 0 });
  if (!row) {
    throw notFound('Classroom');
  }
  return row;
}

/**
 * A page read with `count(*) OVER ()`: the total rides on every row. A page past the end has no row
 * to carry it, so the first row is read once more for the total (only then).
 */
export async function classroomStudentPage(
  tx: Tx,
  organizationId: OrganizationId,
  classroomId: string,
  search: string | undefined,
  request: PageRequest,
) {
  await requireClassroom(tx, organizationId, classroomId);
  const window = windowOf(request);
  const rows = await lists.pageClassroomStudents(tx, organizationId, { classroomId, search }, window);
  if (rows.length > 0 || window.offset === 0) {
    return { count: rows[0]?.total ?? 0, rows };
  }
  const [first] = await lists.pageClassroomStudents(tx, organizationId, { classroomId, search }, { limit: 1, offset: 0 });
  return { count: first?.total ?? 0, rows };
}

/** One seat as the list shows it. */
export async function classroomStudentRow(tx: Tx, organizationId: OrganizationId, seatId: string) {
  const [row] = await lists.pageClassroomStudents(tx, organizationId, { id: seatId }, { limit: 1, offset: 0 });
  if (!row) {
    throw notFound('Classroom student');
  }
  return row;
}
