import type { OrganizationId } from '../../lib/ids';
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/handles';
import { classrooms, classroomStudents } from '../../db/schema/classrooms';
import { memberships } from '../../db/schema/organizations';
import { users } from '../../db/schema/accounts';
import { containing, type Window } from '../../lib/pagination';
import type { ClassroomOrdering } from '../../../contract/classrooms';
export { findMembership } from '../../db/lookups';

// Every function takes the organization first and runs inside a tenant transaction it is given;
// the explicit organization filter sits on top of row-level security. Lists answer in a fixed
// number of queries whatever the page size (never one per row). Seats are in repository-students.ts.

export type ClassroomRow = typeof classrooms.$inferSelect;
export type ClassroomFields = Pick<ClassroomRow, 'name' | 'gradeLevel' | 'room' | 'capacity' | 'isEnabled' | 'homeroomMembershipId'>;

// Inside a select's own fields drizzle writes the main table's columns unqualified: the outer row is named explicitly.
const OUTER_ORG = sql.raw('"classrooms"."organization_id"');
const OUTER_ID = sql.raw('"classrooms"."id"');

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
  created_at: [asc(classrooms.createdAt), asc(classrooms.id)],
  '-created_at': [desc(classrooms.createdAt), asc(classrooms.id)],
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
