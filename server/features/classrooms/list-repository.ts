import type { OrganizationId } from '../../lib/ids';
import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/handles';
import { classrooms, classroomStudents } from '../../db/schema/classrooms';
import { memberships } from '../../db/schema/organizations';
import { students } from '../../db/schema/enrollments';
import { users } from '../../db/schema/accounts';
import { containing, type Window } from '../../lib/pagination';

// The classroom lists: one query for the page and one for its counts, whatever the page size (no N+1).

// Inside a select's own fields drizzle writes the main table's columns unqualified: the outer row is named explicitly.
const OUTER_ORG = sql.raw('"classrooms"."organization_id"');
const OUTER_ID = sql.raw('"classrooms"."id"');

export type ClassroomOrdering = 'name' | '-name' | 'created' | '-created' | 'grade_level' | '-grade_level';
export interface ClassroomFilter {
  search?: string | undefined;
  isEnabled?: boolean | undefined;
  /** One classroom only (GET one, the row after a write). */
  id?: string | undefined;
}

function classroomWhere(organizationId: OrganizationId, filter: ClassroomFilter): SQL | undefined {
  const pattern = containing(filter.search);
  return and(
    eq(classrooms.organizationId, organizationId),
    pattern ? or(ilike(classrooms.name, pattern), ilike(classrooms.gradeLevel, pattern), ilike(classrooms.room, pattern)) : undefined,
    filter.isEnabled === undefined ? undefined : eq(classrooms.isEnabled, filter.isEnabled),
    filter.id === undefined ? undefined : eq(classrooms.id, filter.id),
  );
}

const ORDER: Record<ClassroomOrdering, SQL[]> = {
  name: [sql`lower(${classrooms.name}) ASC`, asc(classrooms.id)],
  '-name': [sql`lower(${classrooms.name}) DESC`, asc(classrooms.id)],
  created: [asc(classrooms.createdAt), asc(classrooms.id)],
  '-created': [desc(classrooms.createdAt), asc(classrooms.id)],
  grade_level: [sql`lower(${classrooms.gradeLevel}) ASC`, sql`lower(${classrooms.name}) ASC`, asc(classrooms.id)],
  '-grade_level': [sql`lower(${classrooms.gradeLevel}) DESC`, sql`lower(${classrooms.name}) ASC`, asc(classrooms.id)],
};

/** A page of classrooms, each with its homeroom therapist's name and its student count (same query). */
export async function pageClassrooms(
  tx: Tx,
  organizationId: OrganizationId,
  filter: ClassroomFilter,
  ordering: ClassroomOrdering,
  window: Window,
) {
  return tx
    .select({
      id: classrooms.id,
      name: classrooms.name,
      gradeLevel: classrooms.gradeLevel,
      room: classrooms.room,
      capacity: classrooms.capacity,
      isEnabled: classrooms.isEnabled,
      createdAt: classrooms.createdAt,
      homeroomMembershipId: classrooms.homeroomMembershipId,
      homeroomFirstName: users.firstName,
      homeroomLastName: users.lastName,
      studentsCount: sql<number>`(SELECT count(*)::int FROM ${classroomStudents} s
        WHERE s.organization_id = ${OUTER_ORG} AND s.classroom_id = ${OUTER_ID})`,
    })
    .from(classrooms)
    .leftJoin(
      memberships,
      and(eq(memberships.organizationId, classrooms.organizationId), eq(memberships.id, classrooms.homeroomMembershipId)),
    )
    .leftJoin(users, eq(users.id, memberships.userId))
    .where(classroomWhere(organizationId, filter))
    .orderBy(...ORDER[ordering])
    .limit(window.limit)
    .offset(window.offset);
}

export type ClassroomListRow = Awaited<ReturnType<typeof pageClassrooms>>[number];

/** The filtered count and the spec's stats over all of the organization's classrooms, in one query. */
export async function classroomCounts(tx: Tx, organizationId: OrganizationId, filter: ClassroomFilter) {
  const matching = classroomWhere(organizationId, filter) ?? sql`true`;
  const [row] = await tx
    .select({
      count: sql<number>`count(*) FILTER (WHERE ${matching})::int`,
      countAll: sql<number>`count(*)::int`,
      countEnabled: sql<number>`count(*) FILTER (WHERE ${classrooms.isEnabled})::int`,
    })
    .from(classrooms)
    .where(eq(classrooms.organizationId, organizationId));
  const countAll = row?.countAll ?? 0;
  const countEnabled = row?.countEnabled ?? 0;
  return { count: row?.count ?? 0, countAll, countEnabled, countDisabled: countAll - countEnabled };
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
