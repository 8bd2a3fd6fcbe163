import type { OrganizationId } from '../../lib/ids';
import { and, asc, eq, inArray, not, sql } from 'drizzle-orm';
import type { Tx } from '../../db/handles';
import { reachSql, type Reach } from '../../lib/access';
import { programStudents } from '../../db/schema/programs';
import { enrollments, students } from '../../db/schema/enrollments';
import type { Window } from '../../lib/pagination';
import { byStudentName, studentFields, studentSearch } from '../../lib/person-columns';
import { sameOrganizationRow, tenantRows } from '../../lib/tenant-rows';

// A program's students (its links to enrollments) and the enrollments that could join it. Every
// function takes the organization first; the organization filter sits on top of row-level security.

/** An enrollment in a program; an insert answers undefined when it is there already. */
export const programStudentRows = tenantRows(programStudents);

const byPair = (programId: string, enrollmentId: string) => [
  eq(programStudents.programId, programId),
  eq(programStudents.enrollmentId, enrollmentId),
];

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
    .where(programStudentRows.where(organizationId, ...byPair(programId, enrollmentId)));
  return row;
}

export async function deleteProgramStudentRow(tx: Tx, organizationId: OrganizationId, programId: string, enrollmentId: string) {
  return programStudentRows.deleteOne(tx, organizationId, ...byPair(programId, enrollmentId));
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
    .innerJoin(enrollments, sameOrganizationRow(enrollments, programStudents, programStudents.enrollmentId))
    .where(and(eq(programStudents.organizationId, organizationId), inArray(programStudents.programId, programIds)));
}

// ---- the lists ------------------------------------------------------------------------------

export async function pageProgramStudents(
  tx: Tx,
  organizationId: OrganizationId,
  filter: { programId: string; search?: string | undefined; enrollmentId?: string; reach: Reach },
  window: Window,
) {
  return tx
    .select({
      id: programStudents.id,
      programId: programStudents.programId,
      enrollmentId: enrollments.id,
      ...studentFields,
      orgStatus: enrollments.orgStatus,
      addedAt: programStudents.createdAt,
      total: sql<number>`count(*) OVER ()::int`,
    })
    .from(programStudents)
    .innerJoin(enrollments, sameOrganizationRow(enrollments, programStudents, programStudents.enrollmentId))
    .innerJoin(students, sameOrganizationRow(students, enrollments, enrollments.studentId))
    .where(
      and(
        eq(programStudents.organizationId, organizationId),
        eq(programStudents.programId, filter.programId),
        filter.enrollmentId === undefined ? undefined : eq(programStudents.enrollmentId, filter.enrollmentId),
        reachSql(organizationId, filter.reach, sql`${students.id}`),
        studentSearch(filter.search),
      ),
    )
    .orderBy(...byStudentName, asc(programStudents.id))
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
      ...studentFields,
      orgStatus: enrollments.orgStatus,
      total: sql<number>`count(*) OVER ()::int`,
    })
    .from(enrollments)
    .innerJoin(students, sameOrganizationRow(students, enrollments, enrollments.studentId))
    .where(
      and(
        eq(enrollments.organizationId, organizationId),
        eq(enrollments.orgStatus, 'active'),
        eq(enrollments.isArchived, false),
        not(inArray(enrollments.id, inProgram)),
        studentSearch(search),
      ),
    )
    .orderBy(...byStudentName, asc(enrollments.id))
    .limit(window.limit)
    .offset(window.offset);
}
