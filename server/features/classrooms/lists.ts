/**
 * The classroom screens' lists: classrooms with their stats, one classroom,
 * and a classroom's students. Each answers a page in a fixed number of queries whatever the page
 * size (never one per row). Rules are in service.ts.
 */
import type { OrganizationId } from '../../lib/ids';
import type { Tx } from '../../db/handles';
import { notFound } from '../../lib/app-error';
import { windowOf, withTotal, type PageRequest } from '../../lib/pagination';
import * as lists from './list-repository';
import { requireClassroom } from './service';

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

export async function classroomStudentPage(
  tx: Tx,
  organizationId: OrganizationId,
  classroomId: string,
  search: string | undefined,
  request: PageRequest,
) {
  await requireClassroom(tx, organizationId, classroomId);
  return withTotal((w) => lists.pageClassroomStudents(tx, organizationId, { classroomId, search }, w), request);
}

/** One seat as the list shows it. */
export async function classroomStudentRow(tx: Tx, organizationId: OrganizationId, seatId: string) {
  const [row] = await lists.pageClassroomStudents(tx, organizationId, { id: seatId }, { limit: 1, offset: 0 });
  if (!row) {
    throw notFound('Classroom student');
  }
  return row;
}
