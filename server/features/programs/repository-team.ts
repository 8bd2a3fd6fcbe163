import type { DepartmentId, OrganizationId } from '../../lib/ids';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/handles';
import { programStudents } from '../../db/schema/programs';
import { enrollments } from '../../db/schema/enrollments';
import { departmentMembers, departmentStudents, departments } from '../../db/schema/departments';
import { memberships } from '../../db/schema/organizations';
import { users } from '../../db/schema/accounts';
import type { Window } from '../../lib/pagination';
import { memberSearch, userContactFields } from '../../lib/person-columns';
import { sameOrganizationRow } from '../../lib/tenant-rows';
import type { ProgramMemberOrdering } from '../../../contract/programs';

// A program's departments (where its students are placed) and its team (the therapists on those
// departments' teams). Every function takes the organization first; the organization filter sits
// on top of row-level security. A fixed number of queries whatever the page size.

/** (program, department) pairs: where the students of these programs are placed. */
function programDepartmentPairs(tx: Tx, organizationId: OrganizationId, programIds: string[]) {
  return tx
    .select({ programId: programStudents.programId, departmentId: departmentStudents.departmentId })
    .from(programStudents)
    .innerJoin(enrollments, sameOrganizationRow(enrollments, programStudents, programStudents.enrollmentId))
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
      isActive: departments.isActive,
      studentsCount: sql<number>`count(*)::int`,
    })
    .from(pairs)
    .innerJoin(departments, and(eq(departments.organizationId, organizationId), eq(departments.id, pairs.departmentId)))
    .groupBy(departments.id, departments.name, departments.isActive)
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

const MEMBER_ORDER: Record<ProgramMemberOrdering, SQL[]> = {
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
  filter: { search?: string | undefined; departmentId?: DepartmentId | undefined; ordering: ProgramMemberOrdering },
  window: Window,
) {
  const pairs = programDepartmentPairs(tx, organizationId, [programId]).as('pairs');
  const programDepartments = tx.select({ id: pairs.departmentId }).from(pairs);
  return tx
    .select({
      membershipId: memberships.id,
      userId: users.id,
      ...userContactFields,
      departmentIds: sql<string[]>`json_agg(DISTINCT ${departmentMembers.departmentId})`,
      total: sql<number>`count(*) OVER ()::int`,
    })
    .from(departmentMembers)
    .innerJoin(memberships, sameOrganizationRow(memberships, departmentMembers, departmentMembers.membershipId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(departmentMembers.organizationId, organizationId),
        inArray(departmentMembers.departmentId, programDepartments),
        eq(memberships.role, 'therapist'),
        eq(memberships.status, 'active'),
        filter.departmentId === undefined ? undefined : eq(departmentMembers.departmentId, filter.departmentId),
        memberSearch(filter.search, true),
      ),
    )
    .groupBy(memberships.id, memberships.joinedAt, users.id, users.firstName, users.lastName, users.email)
    .orderBy(...MEMBER_ORDER[filter.ordering])
    .limit(window.limit)
    .offset(window.offset);
}
