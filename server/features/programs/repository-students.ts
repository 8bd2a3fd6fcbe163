import type { OrganizationId } from '../../lib/ids';
import { and, asc, eq, ilike, inArray, not, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/handles';
import { programStudents } from '../../db/schema/programs';
import { enrollments, students } from '../../db/schema/enrollments';
import { containing, type Window } from '../../lib/pagination';

// A program's students (its links to enrollments) and the enrollments that could join it. Every
// function takes the organization first; the organization filter sits on top of row-level security.

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

// ---- the lists ------------------------------------------------------------------------------

const studentSearch = (search: string | undefined) => {
  const pattern = containing(search);
  return pattern ? or(ilike(students.firstName, pattern), ilike(students.lastName, pattern), ilike(students.code, pattern)) : undefined;
};

export async function pageProgramStudents(
  tx: Tx,
  organizationId: OrganizationId,
  filter: { programId: string; search?: string | undefined; enrollmentId?: string },
  window: Window,
) {
  return tx
    .select({
      id: programStudents.id,
      programId: programStudents.programId,
      enrollmentId: enrollments.id,
      studentId: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      code: students.code,
      orgStatus: enrollments.orgStatus,
      addedAt: programStudents.createdAt,
      total: sql<number>`count(*) OVER ()::int`,
    })
    .from(programStudents)
    .innerJoin(
      enrollments,
      and(eq(enrollments.organizationId, programStudents.organizationId), eq(enrollments.id, programStudents.enrollmentId)),
    )
    .innerJoin(students, and(eq(students.organizationId, enrollments.organizationId), eq(students.id, enrollments.studentId)))
    .where(
      and(
        eq(programStudents.organizationId, organizationId),
        eq(programStudents.programId, filter.programId),
        filter.enrollmentId === undefined ? undefined : eq(programStudents.enrollmentId, filter.enrollmentId),
        studentSearch(filter.search),
      ),
    )
    .orderBy(asc(students.lastName), asc(students.firstName), asc(programStudents.id))
    .limit(window.limit)
    .offset(window.offset);
}

export type ProgramStudentListRow = Awaited<ReturnType<typeof pageProgramStudents>>[number];

/** Active, unarchived enrollments that are not in the program yet. */
export async function pageCandidateEnrollments(
  tx: Tx,
  organizationId: OrganizationId,
  programId: string,
  search: string | undefined,
  window: Window,
) {
  const inProgram = tx
    .select({ id: programStudents.enrollmentId })
    .from(programStudents)
    .where(and(eq(programStudents.organizationId, organizationId), eq(programStudents.programId, programId)));
  return tx
    .select({
      enrollmentId: enrollments.id,
      studentId: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      code: students.code,
      orgStatus: enrollments.orgStatus,
      total: sql<number>`count(*) OVER ()::int`,
    })
    .from(enrollments)
    .innerJoin(students, and(eq(students.organizationId, enrollments.organizationId), eq(students.id, enrollments.studentId)))
    .where(
      and(
        eq(enrollments.organizationId, organizationId),
        eq(enrollments.orgStatus, 'active'),
        eq(enrollments.isArchived, false),
        not(inArray(enrollments.id, inProgram)),
        studentSearch(search),
      ),
    )
    .orderBy(asc(students.lastName), asc(students.firstName), asc(enrollments.id))
    .limit(window.limit)
    .offset(window.offset);
}
