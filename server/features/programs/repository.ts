import type { OrganizationId } from '../../lib/ids';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/handles';
import { programs, programStudents } from '../../db/schema/programs';
import { enrollments } from '../../db/schema/enrollments';

// Every function takes the organization first and runs inside a tenant transaction it is given;
// the explicit organization filter sits on top of row-level security.

export type ProgramRow = typeof programs.$inferSelect;
export type ProgramStudentRow = typeof programStudents.$inferSelect;

/** Inserts a program; undefined when the name was taken meanwhile (a concurrent call). */
export async function insertProgram(tx: Tx, organizationId: OrganizationId, row: { id: string; name: string; description: string }) {
  const [created] = await tx
    .insert(programs)
    .values({ organizationId, ...row })
    .onConflictDoNothing()
    .returning();
  return created;
}

export async function findProgram(tx: Tx, organizationId: OrganizationId, id: string): Promise<ProgramRow | undefined> {
  const [row] = await tx
    .select()
    .from(programs)
    .where(and(eq(programs.organizationId, organizationId), eq(programs.id, id)));
  return row;
}

export async function findPrograms(tx: Tx, organizationId: OrganizationId, ids: string[]): Promise<ProgramRow[]> {
  if (ids.length === 0) {
    return [];
  }
  return tx
    .select()
    .from(programs)
    .where(and(eq(programs.organizationId, organizationId), inArray(programs.id, ids)));
}

export async function findProgramByName(tx: Tx, organizationId: OrganizationId, name: string): Promise<ProgramRow | undefined> {
  const [row] = await tx
    .select()
    .from(programs)
    .where(and(eq(programs.organizationId, organizationId), sql`lower(${programs.name}) = lower(${name})`));
  return row;
}

export async function updateProgramRow(
  tx: Tx,
  organizationId: OrganizationId,
  id: string,
  patch: Partial<Pick<ProgramRow, 'name' | 'description'>>,
) {
  if (Object.keys(patch).length === 0) {
    return undefined;
  }
  const [row] = await tx
    .update(programs)
    .set(patch)
    .where(and(eq(programs.organizationId, organizationId), eq(programs.id, id)))
    .returning();
  return row;
}

export async function deleteProgramRows(tx: Tx, organizationId: OrganizationId, ids: string[]) {
  if (ids.length === 0) {
    return [];
  }
  return tx
    .delete(programs)
    .where(and(eq(programs.organizationId, organizationId), inArray(programs.id, ids)))
    .returning({ id: programs.id });
}

// ---- program students ------------------------------------------------------------------------

export async function findEnrollment(tx: Tx, organizationId: OrganizationId, enrollmentId: string) {
  const [row] = await tx
    .select({ id: enrollments.id, studentId: enrollments.studentId, orgStatus: enrollments.orgStatus, isArchived: enrollments.isArchived })
    .from(enrollments)
    .where(and(eq(enrollments.organizationId, organizationId), eq(enrollments.id, enrollmentId)));
  return row;
}

export async function findProgramStudent(tx: Tx, organizationId: OrganizationId, programId: string, enrollmentId: string) {
  const [row] = await tx
    .select()
    .from(programStudents)
    .where(
      and(
        eq(programStudents.organizationId, organizationId),
        eq(programStudents.programId, programId),
        eq(programStudents.enrollmentId, enrollmentId),
      ),
    );
  return row;
}

export async function insertProgramStudent(
  tx: Tx,
  organizationId: OrganizationId,
  row: { id: string; programId: string; enrollmentId: string },
) {
  const [created] = await tx
    .insert(programStudents)
    .values({ organizationId, ...row })
    .onConflictDoNothing()
    .returning();
  return created;
}

export async function deleteProgramStudentRow(tx: Tx, organizationId: OrganizationId, programId: string, enrollmentId: string) {
  const [row] = await tx
    .delete(programStudents)
    .where(
      and(
        eq(programStudents.organizationId, organizationId),
        eq(programStudents.programId, programId),
        eq(programStudents.enrollmentId, enrollmentId),
      ),
    )
    .returning();
  return row;
}

/** The students of these programs, with the student behind each enrollment (what a deletion takes with it). */
export async function selectProgramStudentsOf(tx: Tx, organizationId: OrganizationId, programIds: string[]) {
  if (programIds.length === 0) {
    return [];
  }
  return tx
    .select({
      id: programStudents.id,
      programId: programStudents.programId,
      enrollmentId: programStudents.enrollmentId,
      studentId: enrollments.studentId,
    })
    .from(programStudents)
    .innerJoin(
      enrollments,
      and(eq(enrollments.organizationId, programStudents.organizationId), eq(enrollments.id, programStudents.enrollmentId)),
    )
    .where(and(eq(programStudents.organizationId, organizationId), inArray(programStudents.programId, programIds)));
}
