import type { OrganizationId } from '../../lib/ids';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/handles';
import { classrooms, classroomStudents } from '../../db/schema/classrooms';
export { findMembership, findStudent } from '../../db/lookups';

// Every function takes the organization first and runs inside a tenant transaction it is given;
// the explicit organization filter sits on top of row-level security.

export type ClassroomRow = typeof classrooms.$inferSelect;
export type ClassroomStudentRow = typeof classroomStudents.$inferSelect;
export type ClassroomFields = Pick<ClassroomRow, 'name' | 'gradeLevel' | 'room' | 'capacity' | 'isEnabled' | 'homeroomMembershipId'>;

/** Inserts a classroom; undefined when the name was taken meanwhile (a concurrent call). */
export async function insertClassroom(tx: Tx, organizationId: OrganizationId, row: ClassroomFields & { id: string }) {
  const [created] = await tx
    .insert(classrooms)
    .values({ organizationId, ...row })
    .onConflictDoNothing()
    .returning();
  return created;
}

/** One classroom; `lock` holds it until the transaction ends (seating against its capacity). */
export async function findClassroom(tx: Tx, organizationId: OrganizationId, id: string, lock = false): Promise<ClassroomRow | undefined> {
  const query = tx
    .select()
    .from(classrooms)
    .where(and(eq(classrooms.organizationId, organizationId), eq(classrooms.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function findClassrooms(tx: Tx, organizationId: OrganizationId, ids: string[]): Promise<ClassroomRow[]> {
  if (ids.length === 0) {
    return [];
  }
  return tx
    .select()
    .from(classrooms)
    .where(and(eq(classrooms.organizationId, organizationId), inArray(classrooms.id, ids)));
}

export async function findClassroomByName(tx: Tx, organizationId: OrganizationId, name: string): Promise<ClassroomRow | undefined> {
  const [row] = await tx
    .select()
    .from(classrooms)
    .where(and(eq(classrooms.organizationId, organizationId), sql`lower(${classrooms.name}) = lower(${name})`));
  return row;
}

export async function updateClassroomRow(tx: Tx, organizationId: OrganizationId, id: string, patch: Partial<ClassroomFields>) {
  if (Object.keys(patch).length === 0) {
    return undefined;
  }
  const [row] = await tx
    .update(classrooms)
    .set(patch)
    .where(and(eq(classrooms.organizationId, organizationId), eq(classrooms.id, id)))
    .returning();
  return row;
}

export async function deleteClassroomRows(tx: Tx, organizationId: OrganizationId, ids: string[]) {
  if (ids.length === 0) {
    return [];
  }
  return tx
    .delete(classrooms)
    .where(and(eq(classrooms.organizationId, organizationId), inArray(classrooms.id, ids)))
    .returning({ id: classrooms.id });
}

// ---- seats ---------------------------------------------------------------------------------------

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
