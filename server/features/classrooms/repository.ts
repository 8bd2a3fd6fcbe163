import type { OrganizationId } from '../../lib/ids';
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/handles';
import { classrooms, classroomStudents } from '../../db/schema/classrooms';
import { memberships } from '../../db/schema/organizations';
import { users } from '../../db/schema/accounts';
import { listTotal, type Window } from '../../lib/pagination';
import { collectionWhere, type CollectionFilter } from '../../lib/collection';
import { childCount, listCounts, nameAndCreatedOrder, outerRow, sameOrganizationRow, tenantRows } from '../../lib/tenant-rows';
import type { ClassroomOrdering } from '../../../contract/classrooms';
export { findMembership } from '../../db/lookups';

// Every function takes the organization first and runs inside a tenant transaction it is given;
// the explicit organization filter sits on top of row-level security. Lists answer in a fixed
// number of queries whatever the page size (never one per row). Seats are in repository-students.ts.

export type ClassroomRow = typeof classrooms.$inferSelect;
export type ClassroomFields = Pick<ClassroomRow, 'name' | 'gradeLevel' | 'room' | 'capacity' | 'isActive' | 'homeroomMembershipId'>;

const OUTER = outerRow('classrooms');

/**
 * Classrooms; an insert answers undefined when the name was taken meanwhile (a concurrent call), and
 * a locked read holds the row until the transaction ends (seating against its capacity).
 */
export const classroomRows = tenantRows(classrooms, { name: classrooms.name });

/** Search matches the name, grade level or room. */
const classroomWhere = collectionWhere(classrooms, {
  searched: [classrooms.name, classrooms.gradeLevel, classrooms.room],
  active: classrooms.isActive,
});

const ORDER: Record<ClassroomOrdering, SQL[]> = {
  ...nameAndCreatedOrder(classrooms),
  grade_level: [sql`lower(${classrooms.gradeLevel}) ASC`, sql`lower(${classrooms.name}) ASC`, asc(classrooms.id)],
  '-grade_level': [sql`lower(${classrooms.gradeLevel}) DESC`, sql`lower(${classrooms.name}) ASC`, asc(classrooms.id)],
};

/** A page of classrooms, each with its homeroom therapist's name and its student count, and the total that match (same query). */
export async function pageClassrooms(
  tx: Tx,
  organizationId: OrganizationId,
  filter: CollectionFilter,
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
      isActive: classrooms.isActive,
      createdAt: classrooms.createdAt,
      homeroomMembershipId: classrooms.homeroomMembershipId,
      homeroomFirstName: users.firstName,
      homeroomLastName: users.lastName,
      studentsCount: childCount(classroomStudents, 'classroom_id', OUTER),
      total: listTotal(),
    })
    .from(classrooms)
    .leftJoin(memberships, sameOrganizationRow(memberships, classrooms, classrooms.homeroomMembershipId))
    .leftJoin(users, eq(users.id, memberships.userId))
    .where(classroomWhere(organizationId, filter))
    .orderBy(...ORDER[ordering])
    .limit(window.limit)
    .offset(window.offset);
}

export type ClassroomListRow = Omit<Awaited<ReturnType<typeof pageClassrooms>>[number], 'total'>;

/** The list's active and inactive counts over all of the organization's classrooms, in one query. */
export async function classroomCounts(tx: Tx, organizationId: OrganizationId) {
  return listCounts(tx, classrooms, organizationId, classrooms.isActive);
}
