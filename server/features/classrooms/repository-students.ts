import type { OrganizationId, StudentId } from '../../lib/ids';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/handles';
import { pageStudentLinks, type StudentLinkFilter } from '../../lib/placement';
import { classrooms, classroomStudents } from '../../db/schema/classrooms';
import type { Window } from '../../lib/pagination';
import { sameOrganizationRow, tenantRows } from '../../lib/tenant-rows';
export { findStudent } from '../../db/lookups';

// Seats: a classroom's students. Every function takes the organization first; the organization
// filter sits on top of row-level security.

export type ClassroomStudentRow = typeof classroomStudents.$inferSelect;

/** Seats; an insert answers undefined when the student was seated meanwhile (a concurrent call). */
export const seatRows = tenantRows(classroomStudents);

export const selectSeatsOf = (tx: Tx, organizationId: OrganizationId, classroomIds: string[]) =>
  seatRows.whereIn(tx, organizationId, classroomStudents.classroomId, classroomIds);

export async function countSeats(tx: Tx, organizationId: OrganizationId, classroomId: string) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(classroomStudents)
    .where(and(eq(classroomStudents.organizationId, organizationId), eq(classroomStudents.classroomId, classroomId)));
  return row?.n ?? 0;
}

/** The student's seat, in whichever classroom, with that classroom's name. */
export async function findSeatOfStudent(tx: Tx, organizationId: OrganizationId, studentId: StudentId) {
  const [row] = await tx
    .select({ id: classroomStudents.id, classroomId: classroomStudents.classroomId, classroomName: classrooms.name })
    .from(classroomStudents)
    .innerJoin(classrooms, sameOrganizationRow(classrooms, classroomStudents, classroomStudents.classroomId))
    .where(and(eq(classroomStudents.organizationId, organizationId), eq(classroomStudents.studentId, studentId)));
  return row;
}

/** A page of a classroom's students by name (`id`: that seat only). */
export const pageClassroomStudents = (tx: Tx, organizationId: OrganizationId, filter: StudentLinkFilter, window: Window) =>
  pageStudentLinks(
    tx,
    organizationId,
    { table: classroomStudents, parent: classroomStudents.classroomId, extra: { createdAt: classroomStudents.createdAt } },
    filter,
    window,
  );

export type ClassroomStudentListRow = Awaited<ReturnType<typeof pageClassroomStudents>>[number];
