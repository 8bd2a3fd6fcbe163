import type { OrganizationId } from '../../lib/ids';
import { and, asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/handles';
import { classrooms, classroomStudents } from '../../db/schema/classrooms';
import { students } from '../../db/schema/enrollments';
import { containing, type Window } from '../../lib/pagination';
export { findStudent } from '../../db/lookups';

// Seats: a classroom's students. Every function takes the organization first; the organization
// filter sits on top of row-level security.

export type ClassroomStudentRow = typeof classroomStudents.$inferSelect;

export async function countSeats(tx: Tx, organizationId: OrganizationId, classroomId: string) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(classroomStudents)
    .where(and(eq(classroomStudents.organizationId, organizationId), eq(classroomStudents.classroomId, classroomId)));
  return row?.n ?? 0;
}

/** The student's seat, in whichever classroom, with that classroom's name. */
export async function findSeatOfStudent(tx: Tx, organizationId: OrganizationId, studentId: string) {
  const [row] = await tx
    .select({ id: classroomStudents.id, classroomId: classroomStudents.classroomId, classroomName: classrooms.name })
    .from(classroomStudents)
    .innerJoin(
      classrooms,
      and(eq(classrooms.organizationId, classroomStudents.organizationId), eq(classrooms.id, classroomStudents.classroomId)),
    )
    .where(and(eq(classroomStudents.organizationId, organizationId), eq(classroomStudents.studentId, studentId)));
  return row;
}

/** Inserts a seat; undefined when the student was seated meanwhile (a concurrent call). */
export async function insertSeat(tx: Tx, organizationId: OrganizationId, row: { id: string; classroomId: string; studentId: string }) {
  const [created] = await tx
    .insert(classroomStudents)
    .values({ organizationId, ...row })
    .onConflictDoNothing()
    .returning();
  return created;
}

export async function selectSeatsOf(tx: Tx, organizationId: OrganizationId, classroomIds: string[]) {
  if (classroomIds.length === 0) {
    return [];
  }
  return tx
    .select()
    .from(classroomStudents)
    .where(and(eq(classroomStudents.organizationId, organizationId), inArray(classroomStudents.classroomId, classroomIds)));
}

export async function deleteSeatRow(tx: Tx, organizationId: OrganizationId, id: string) {
  const [row] = await tx
    .delete(classroomStudents)
    .where(and(eq(classroomStudents.organizationId, organizationId), eq(classroomStudents.id, id)))
    .returning();
  return row;
}

/** A page of a classroom's students by name (`id`: that seat only). */
export async function pageClassroomStudents(
  tx: Tx,
  organizationId: OrganizationId,
  filter: { classroomId?: string; search?: string | undefined; id?: string },
  window: Window,
) {
  const pattern = containing(filter.search);
  return tx
    .select({
      id: classroomStudents.id,
      classroomId: classroomStudents.classroomId,
      studentId: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      code: students.code,
      createdAt: classroomStudents.createdAt,
      total: sql<number>`count(*) OVER ()::int`,
    })
    .from(classroomStudents)
    .innerJoin(students, and(eq(students.organizationId, classroomStudents.organizationId), eq(students.id, classroomStudents.studentId)))
    .where(
      and(
        eq(classroomStudents.organizationId, organizationId),
        filter.classroomId === undefined ? undefined : eq(classroomStudents.classroomId, filter.classroomId),
        filter.id === undefined ? undefined : eq(classroomStudents.id, filter.id),
        pattern ? or(ilike(students.firstName, pattern), ilike(students.lastName, pattern), ilike(students.code, pattern)) : undefined,
      ),
    )
    .orderBy(asc(students.lastName), asc(students.firstName), asc(classroomStudents.id))
    .limit(window.limit)
    .offset(window.offset);
}

export type ClassroomStudentListRow = Awaited<ReturnType<typeof pageClassroomStudents>>[number];
