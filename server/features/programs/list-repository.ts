import type { OrganizationId } from '../../lib/ids';
import { and, asc, desc, eq, ilike, inArray, not, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/handles';
import { programs, programStudents } from '../../db/schema/programs';
import { enrollments, students } from '../../db/schema/enrollments';
import { departmentMembers, departmentStudents, departments } from '../../db/schema/departments';
import { memberships } from '../../db/schema/organizations';
import { users } from '../../db/schema/accounts';
import { containing, type Window } from '../../lib/pagination';

// The program lists: a fixed number of queries whatever the page size (no N+1).

// Inside a select's own fields drizzle writes the main table's columns unqualified: the outer row is named explicitly.
const OUTER_ORG = sql.raw('"programs"."organization_id"');
const OUTER_ID = sql.raw('"programs"."id"');

// ---- programs ----------------------------------------------------------------------------------

export type ProgramOrdering = 'name' | '-name' | 'created' | '-created';
export interface ProgramFilter {
  search?: string | undefined;
  /** One program only (its row after a write). */
  id?: string | undefined;
}

function programWhere(organizationId: OrganizationId, filter: ProgramFilter): SQL | undefined {
  const pattern = containing(filter.search);
  return and(
    eq(programs.organizationId, organizationId),
    pattern ? ilike(programs.name, pattern) : undefined,
    filter.id === undefined ? undefined : eq(programs.id, filter.id),
  );
}

const ORDER: Record<ProgramOrdering, SQL[]> = {
  name: [sql`lower(${programs.name}) ASC`, asc(programs.id)],
  '-name': [sql`lower(${programs.name}) DESC`, asc(programs.id)],
  created: [asc(programs.createdAt), asc(programs.id)],
  '-created': [desc(programs.createdAt), asc(programs.id)],
};

/** A page of programs, each with its student count (correlated count, same query); no window: all of them. */
export async function pagePrograms(
  tx: Tx,
  organizationId: OrganizationId,
  filter: ProgramFilter,
  ordering: ProgramOrdering,
  window?: Window,
) {
  const query = tx
    .select({
      id: programs.id,
      name: programs.name,
      description: programs.description,
      createdAt: programs.createdAt,
      studentsCount: sql<number>`(SELECT count(*)::int FROM ${programStudents} s
        WHERE s.organization_id = ${OUTER_ORG} AND s.program_id = ${OUTER_ID})`,
    })
    .from(programs)
    .where(programWhere(organizationId, filter))
    .orderBy(...ORDER[ordering]);
  return window ? query.limit(window.limit).offset(window.offset) : query;
}

export type ProgramListRow = Awaited<ReturnType<typeof pagePrograms>>[number];

/** The filtered count and count_all, in one query. */
export async function programCounts(tx: Tx, organizationId: OrganizationId, filter: ProgramFilter) {
  const matching = programWhere(organizationId, filter) ?? sql`true`;
  const [row] = await tx
    .select({ count: sql<number>`count(*) FILTER (WHERE ${matching})::int`, countAll: sql<number>`count(*)::int` })
    .from(programs)
    .where(eq(programs.organizationId, organizationId));
  return { count: row?.count ?? 0, countAll: row?.countAll ?? 0 };
}

// ---- program students and candidates -------------------------------------------------------------

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

// ---- departments and team --------------------------------------------------------------------

/** (program, department) pairs: where the students of these programs are placed. */
function programDepartmentPairs(tx: Tx, organizationId: OrganizationId, programIds: string[]) {
  return tx
    .select({ programId: programStudents.programId, departmentId: departmentStudents.departmentId })
    .from(programStudents)
    .innerJoin(
      enrollments,
      and(eq(enrollments.organizationId, programStudents.organizationId), eq(enrollments.id, programStudents.enrollmentId)),
    )
    .innerJoin(
      departmentStudents,
      and(eq(departmentStudents.organizationId, enrollments.organizationId), eq(departmentStudents.studentId, enrollments.studentId)),
    )
    .where(and(eq(programStudents.organizationId, organizationId), inArray(programStudents.programId, programIds)));
}

/** The departments of a program's students, each with how many of them are placed there, by name. */
export async function selectProgramDepartments(tx: Tx, organizationId: OrganizationId, programId: string) {
  const pairs = programDepartmentPairs(tx, organizationId, [programId]).as('pairs');
  return tx
    .select({
      id: departments.id,
      name: departments.name,
      isEnabled: departments.isEnabled,
      studentsCount: sql<number>`count(*)::int`,
    })
    .from(pairs)
    .innerJoin(departments, and(eq(departments.organizationId, organizationId), eq(departments.id, pairs.departmentId)))
    .groupBy(departments.id, departments.name, departments.isEnabled)
    .orderBy(sql`lower(${departments.name})`, asc(departments.id));
}

/** Every (program, department) of the organization's programs, in one query (programs-full). */
export async function selectAllProgramDepartments(tx: Tx, organizationId: OrganizationId, programIds: string[]) {
  if (programIds.length === 0) {
    return [];
  }
  const pairs = programDepartmentPairs(tx, organizationId, programIds).as('pairs');
  return tx
    .selectDistinct({ programId: pairs.programId, id: departments.id, name: departments.name })
    .from(pairs)
    .innerJoin(departments, and(eq(departments.organizationId, organizationId), eq(departments.id, pairs.departmentId)))
    .orderBy(pairs.programId, departments.name, departments.id);
}

export type MemberOrdering = 'name' | '-name' | 'joined' | '-joined';
const MEMBER_ORDER: Record<MemberOrdering, SQL[]> = {
  name: [asc(users.lastName), asc(users.firstName), asc(memberships.id)],
  '-name': [desc(users.lastName), desc(users.firstName), asc(memberships.id)],
  joined: [asc(memberships.joinedAt), asc(memberships.id)],
  '-joined': [desc(memberships.joinedAt), asc(memberships.id)],
};

/**
 * The program's team: active therapist memberships on the team of a department where one of the
 * program's students is placed, each once with those departments.
 */
export async function pageProgramMembers(
  tx: Tx,
  organizationId: OrganizationId,
  programId: string,
  filter: { search?: string | undefined; departmentId?: string | undefined; ordering: MemberOrdering },
  window: Window,
) {
  const programDepartments = tx
    .select({ id: departmentStudents.departmentId })
    .from(programStudents)
    .innerJoin(
      enrollments,
      and(eq(enrollments.organizationId, programStudents.organizationId), eq(enrollments.id, programStudents.enrollmentId)),
    )
    .innerJoin(
      departmentStudents,
      and(eq(departmentStudents.organizationId, enrollments.organizationId), eq(departmentStudents.studentId, enrollments.studentId)),
    )
    .where(and(eq(programStudents.organizationId, organizationId), eq(programStudents.programId, programId)));
  const pattern = containing(filter.search);
  return tx
    .select({
      membershipId: memberships.id,
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      departmentIds: sql<string[]>`json_agg(DISTINCT ${departmentMembers.departmentId})`,
      total: sql<number>`count(*) OVER ()::int`,
    })
    .from(departmentMembers)
    .innerJoin(
      memberships,
      and(eq(memberships.organizationId, departmentMembers.organizationId), eq(memberships.id, departmentMembers.membershipId)),
    )
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(departmentMembers.organizationId, organizationId),
        inArray(departmentMembers.departmentId, programDepartments),
        eq(memberships.role, 'therapist'),
        eq(memberships.status, 'active'),
        filter.departmentId === undefined ? undefined : eq(departmentMembers.departmentId, filter.departmentId),
        pattern ? or(ilike(users.firstName, pattern), ilike(users.lastName, pattern), ilike(users.email, pattern)) : undefined,
      ),
    )
    .groupBy(memberships.id, memberships.joinedAt, users.id, users.firstName, users.lastName, users.email)
    .orderBy(...MEMBER_ORDER[filter.ordering])
    .limit(window.limit)
    .offset(window.offset);
}
