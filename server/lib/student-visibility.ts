import { asMembershipId, asStudentId, type DepartmentId, type MembershipId, type OrganizationId, type StudentId } from './ids';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/handles';
import { departmentStudents, departmentStudentTherapists, departments } from '../db/schema/departments';
import { students } from '../db/schema/enrollments';
import type { OrgAccess } from '../plugins/auth';
import { notFound } from './app-error';
import { sameOrganizationRow } from './tenant-rows';

/**
 * Which students a therapist sees, and whose assignments a member may read. Every feature that
 * shows students asks here, so the rule is written once: a therapist membership sees the students
 * of the department placements (department_students) it is assigned to (department_student_therapists).
 * Who sees every student instead (owners, staff) is decided by each call's permission.
 */

/**
 * Who sees every student in lists and directories (names, codes, where they are placed): owners and
 * whoever enrolls students (students.manage). Anyone else sees the students assigned to them.
 */
export const seesEveryStudent = (org: OrgAccess): boolean => org.isOwner || org.permissions.has('students.manage');

/**
 * The membership whose assigned students a list narrows to, or null for every student. A member
 * without a membership (never: owners see all) gets an id no membership has: nobody, not everyone.
 */
export const studentListScope = (org: OrgAccess): MembershipId | null =>
  seesEveryStudent(org) ? null : asMembershipId(org.membershipId ?? '00000000-0000-7000-8000-000000000000');

/** A therapist reads their own membership's assignments; members.view (owners, staff) reads anyone's. */
export function requireAssignmentsReadable(org: OrgAccess, membershipId: MembershipId): void {
  if (!org.isOwner && !org.permissions.has('members.view') && org.membershipId !== membershipId) {
    throw notFound('Membership');
  }
}

/** The placements a membership is assigned to, one row per (department, student), by student name. */
export async function assignedPlacements(
  tx: Tx,
  organizationId: OrganizationId,
  membershipId: MembershipId,
  filter: { departmentId?: DepartmentId | undefined; studentId?: StudentId | undefined } = {},
) {
  return tx
    .select({
      departmentStudentId: departmentStudents.id,
      departmentId: departmentStudents.departmentId,
      departmentName: departments.name,
      studentId: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      code: students.code,
    })
    .from(departmentStudentTherapists)
    .innerJoin(
      departmentStudents,
      sameOrganizationRow(departmentStudents, departmentStudentTherapists, departmentStudentTherapists.departmentStudentId),
    )
    .innerJoin(departments, sameOrganizationRow(departments, departmentStudents, departmentStudents.departmentId))
    .innerJoin(students, sameOrganizationRow(students, departmentStudents, departmentStudents.studentId))
    .where(
      and(
        eq(departmentStudentTherapists.organizationId, organizationId),
        eq(departmentStudentTherapists.membershipId, membershipId),
        filter.departmentId === undefined ? undefined : eq(departmentStudents.departmentId, filter.departmentId),
        filter.studentId === undefined ? undefined : eq(departmentStudents.studentId, filter.studentId),
      ),
    )
    .orderBy(asc(students.lastName), asc(students.firstName), asc(departments.name));
}

/**
 * The same rule as a subquery of student ids, for lists written in SQL that narrow to a therapist's
 * own students in the statement that reads the page (`s.id IN (…)`).
 */
export const assignedStudentIdsSql = (organizationId: OrganizationId, membershipId: MembershipId): SQL => sql`
  SELECT ds.student_id FROM ${departmentStudentTherapists} dst
  JOIN ${departmentStudents} ds ON ds.organization_id = dst.organization_id AND ds.id = dst.department_student_id
  WHERE dst.organization_id = ${organizationId} AND dst.membership_id = ${membershipId}`;

/** The students a membership is assigned to (in a department, when given), each once. */
export async function assignedStudentIds(
  tx: Tx,
  organizationId: OrganizationId,
  membershipId: MembershipId,
  departmentId?: DepartmentId,
): Promise<StudentId[]> {
  const rows = await assignedPlacements(tx, organizationId, membershipId, { departmentId });
  return [...new Set(rows.map((r) => asStudentId(r.studentId)))];
}

/** The student is in the organization and, when a membership is given, assigned to it; null: any student of the organization. */
export async function isStudentVisible(
  tx: Tx,
  organizationId: OrganizationId,
  studentId: StudentId,
  membershipId: MembershipId | null,
): Promise<boolean> {
  if (membershipId !== null) {
    return (await assignedPlacements(tx, organizationId, membershipId, { studentId })).length > 0;
  }
  const rows = await tx
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.organizationId, organizationId), eq(students.id, studentId)))
    .limit(1);
  return rows.length > 0;
}

/**
 * The same rule for a row of another table that names both sides (a session's therapist and
 * student): true while that membership is assigned to that student, in any department. The
 * arguments are the row's columns, so the check rides in the statement that reads the row.
 */
export const isAssignedSql = (columns: { organizationId: SQL; membershipId: SQL; studentId: SQL }): SQL => sql`EXISTS (
  SELECT 1 FROM ${departmentStudentTherapists} dst
  JOIN ${departmentStudents} ds ON ds.organization_id = dst.organization_id AND ds.id = dst.department_student_id
  WHERE dst.organization_id = ${columns.organizationId} AND dst.membership_id = ${columns.membershipId}
    AND ds.student_id = ${columns.studentId})`;

/**
 * A therapist's own view of sessions: a session not started yet counts only while its therapist is
 * still assigned to its student (unassigning takes the student out of their day); started ones stay.
 * Columns are named in full: inside the subquery a bare column would be read as the subquery's own.
 */
export const assignedUnlessStartedSql: SQL = sql`(${sql.raw('"therasessions"."status"')} <> 'scheduled' OR ${isAssignedSql({
  organizationId: sql.raw('"therasessions"."organization_id"'),
  membershipId: sql.raw('"therasessions"."therapist_membership_id"'),
  studentId: sql.raw('"therasessions"."student_id"'),
})})`;
