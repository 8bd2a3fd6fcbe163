import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/handles';
import { departmentStudents, departmentStudentTherapists, departments } from '../../db/schema/departments';
import { students } from '../../db/schema/enrollments';
import { notFound } from '../app-error';
import { asMembershipId, type DepartmentId, type MembershipId, type OrganizationId, type StudentId } from '../ids';
import type { RequestContext } from '../request-context';
import { sameOrganizationRow } from '../tenant-rows';
import type { OrgAccess } from './authorize';

/**
 * WHICH students and sessions a caller reaches. Every call that returns or writes anything of a
 * child asks here, in SQL for a list (`reachesStudentSql`, one fragment in the statement that reads
 * the page) or by refusing a single record (`requireStudent`, `requireSession`), so the rule is
 * written once:
 * - the owner reaches every student; so does a member whose role's work places or plans any of the
 *   organization's children (EVERY_STUDENT_KEYS: enrolling them, giving them goals, placing them in
 *   departments, programs and classrooms);
 * - any other member reaches the students of the department placements they are assigned to
 *   (department_student_therapists), and nobody else;
 * - a former member let in to deliver what they recorded before the end reaches only their own
 *   assignments and sessions, whatever their role held.
 * Which PARTS of a reached student's record they open is parts.ts.
 */
export type Reach = { every: true } | { every: false; membershipId: MembershipId };

const isFormer = (access: OrgAccess) => access.membershipEndedAt !== undefined;

/**
 * A member's own reach. Authorization lets in only the owner and members, so an access that reaches
 * neither everyone nor a membership is a caller nobody signed in as: it reaches no one.
 */
function own(access: OrgAccess): Reach {
  if (!access.membershipId) {
    throw notFound('Organization');
  }
  return { every: false, membershipId: access.membershipId };
}

/** The students a caller reaches: every one, or those assigned to their membership (none without one). */
export function studentReach(access: OrgAccess): Reach {
  if (isFormer(access)) {
    return own(access);
  }
  const every = access.isOwner || EVERY_STUDENT_KEYS.some((key) => access.permissions.has(key));
  return every ? { every: true } : own(access);
}

/** The keys whose work is on any child of the organization, so whoever holds one reaches them all. */
export const EVERY_STUDENT_KEYS = [
  'students.manage',
  'goals.manage',
  'departments.manage',
  'programs.manage',
  'classrooms.manage',
] as const;

/**
 * The sessions a caller reaches: every one for whoever keeps the schedule (the owner, sessions.manage),
 * else their own (as therapist). A scheduler sees who a session is with, by name, as the directories
 * show it; the child's record behind it stays behind the student reach and the parts.
 */
export function sessionReach(access: OrgAccess): Reach {
  if (isFormer(access)) {
    return own(access);
  }
  return access.isOwner || access.permissions.has('sessions.manage') ? { every: true } : own(access);
}

/** The ids of the students assigned to a membership, as a subquery (`… IN (here)`). */
export const assignedStudentIdsSql = (organizationId: OrganizationId, membershipId: MembershipId): SQL => sql`
  SELECT ds.student_id FROM ${departmentStudentTherapists} dst
  JOIN ${departmentStudents} ds ON ds.organization_id = dst.organization_id AND ds.id = dst.department_student_id
  WHERE dst.organization_id = ${organizationId} AND dst.membership_id = ${membershipId}`;

/**
 * The one scope fragment: a condition on a student id column (or expression) of a list's statement,
 * true for the students of the reach. A repository takes the reach and puts this in its WHERE.
 */
export const reachSql = (organizationId: OrganizationId, reach: Reach, studentId: SQL): SQL =>
  reach.every ? sql`TRUE` : sql`${studentId} IN (${assignedStudentIdsSql(organizationId, reach.membershipId)})`;

/** The same for the caller of a service: true for the students they reach. */
export const reachesStudentSql = (ctx: RequestContext, studentId: SQL): SQL =>
  reachSql(ctx.org.id, studentReach(ctx.org.access), studentId);

/** Of these ids, the organization's students the caller reaches, in one statement. */
export async function reachableStudentIds(ctx: RequestContext, studentIds: readonly StudentId[]): Promise<Set<StudentId>> {
  if (studentIds.length === 0) {
    return new Set();
  }
  const rows = await ctx.tx
    .select({ id: students.id })
    .from(students)
    .where(
      and(
        eq(students.organizationId, ctx.org.id),
        inArray(students.id, [...new Set(studentIds)]),
        reachesStudentSql(ctx, sql`${students.id}`),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** The student is the organization's and the caller reaches them; anything else is not found (404). */
export async function requireStudent(ctx: RequestContext, studentId: StudentId): Promise<void> {
  if (!(await reachableStudentIds(ctx, [studentId])).has(studentId)) {
    throw notFound('Student');
  }
}

/** A session the caller reaches (anyone's for a scheduler, else their own); anything else is not found (404). */
export function requireSession<T extends { therapistMembershipId: string }>(ctx: RequestContext, session: T | null | undefined): T {
  const reach = sessionReach(ctx.org.access);
  if (!session || (!reach.every && session.therapistMembershipId !== reach.membershipId)) {
    throw notFound('Session');
  }
  return session;
}

/**
 * The membership whose sessions a list narrows to: the one asked for by a scheduler (or none: all),
 * the caller's own for anyone else. Asking for another therapist's without the schedule is refused
 * by the caller (`false`), not quietly answered with their own: they would take them for the other's.
 */
export function sessionListTherapist(
  access: OrgAccess,
  asked: string | undefined,
): { membershipId: MembershipId | undefined; ok: boolean } {
  const reach = sessionReach(access);
  if (reach.every) {
    // `asked` is the list query's therapist_id as parsed: it names a membership from here on.
    return { membershipId: asMembershipId(asked), ok: true };
  }
  return { membershipId: reach.membershipId, ok: asked === undefined || asked === reach.membershipId };
}

/** A member's own assignments are theirs to read; members.view (owners, staff) reads anyone's. */
export function requireAssignmentsReadable(access: OrgAccess, membershipId: MembershipId): void {
  if (!access.isOwner && !access.permissions.has('members.view') && access.membershipId !== membershipId) {
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

/** The students a membership is assigned to (in a department, when given), each once. */
export async function assignedStudentIds(
  tx: Tx,
  organizationId: OrganizationId,
  membershipId: MembershipId,
  departmentId?: DepartmentId,
): Promise<StudentId[]> {
  const rows = await assignedPlacements(tx, organizationId, membershipId, { departmentId });
  return [...new Set(rows.map((r) => r.studentId))];
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
