import type { DepartmentId, MembershipId, OrganizationId } from '../../lib/ids';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/handles';
import { departmentStudents, departmentStudentTherapists } from '../../db/schema/departments';
import { memberships } from '../../db/schema/organizations';
import { users } from '../../db/schema/accounts';
import type { Window } from '../../lib/pagination';
import { byUserName, userNameFields } from '../../lib/person-columns';
import { sameOrganizationRow, tenantRows } from '../../lib/tenant-rows';
import { pageStudentLinks, type StudentLinkFilter } from '../../lib/placement';

// A department's students (placements) and the therapists assigned to each.

export type DepartmentStudentRow = typeof departmentStudents.$inferSelect;

/** Placements: a student in a department. */
export const placementRows = tenantRows(departmentStudents);
/** A therapist assigned to a placement. */
export const assignmentRows = tenantRows(departmentStudentTherapists);

/** A page of the department's students, by name, with the total on every row (`id`: that placement only). */
export const pageDepartmentStudents = (tx: Tx, organizationId: OrganizationId, filter: StudentLinkFilter, window: Window) =>
  pageStudentLinks(tx, organizationId, { table: departmentStudents, parent: departmentStudents.departmentId, extra: {} }, filter, window);

export type DepartmentStudentListRow = Awaited<ReturnType<typeof pageDepartmentStudents>>[number];

export async function deleteDepartmentStudentRows(tx: Tx, organizationId: OrganizationId, departmentId: DepartmentId, ids: string[]) {
  return placementRows.deleteByIds(tx, organizationId, ids, eq(departmentStudents.departmentId, departmentId));
}

// ---- therapists assigned to a department student ---------------------------------------------

/** The therapists of these placements, by name, in one query (a whole page's at once). */
export async function selectAssignedTherapists(tx: Tx, organizationId: OrganizationId, departmentStudentIds: string[]) {
  if (departmentStudentIds.length === 0) {
    return [];
  }
  return tx
    .select({
      id: departmentStudentTherapists.id,
      departmentStudentId: departmentStudentTherapists.departmentStudentId,
      membershipId: departmentStudentTherapists.membershipId,
      ...userNameFields,
    })
    .from(departmentStudentTherapists)
    .innerJoin(memberships, sameOrganizationRow(memberships, departmentStudentTherapists, departmentStudentTherapists.membershipId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(departmentStudentTherapists.organizationId, organizationId),
        inArray(departmentStudentTherapists.departmentStudentId, departmentStudentIds),
      ),
    )
    .orderBy(...byUserName);
}

export type AssignedTherapistRow = Awaited<ReturnType<typeof selectAssignedTherapists>>[number];

export interface AssignmentScope {
  departmentIds?: DepartmentId[];
  departmentStudentIds?: string[];
  ids?: string[];
  membershipId?: MembershipId;
}

/** Therapist assignments matching every given condition, with their department and student (for the trail). */
export async function selectAssignmentsWhere(tx: Tx, organizationId: OrganizationId, where: AssignmentScope) {
  if ([where.departmentIds, where.departmentStudentIds, where.ids].some((list) => list !== undefined && list.length === 0)) {
    return [];
  }
  return tx
    .select({
      id: departmentStudentTherapists.id,
      departmentStudentId: departmentStudentTherapists.departmentStudentId,
      membershipId: departmentStudentTherapists.membershipId,
      departmentId: departmentStudents.departmentId,
      studentId: departmentStudents.studentId,
    })
    .from(departmentStudentTherapists)
    .innerJoin(
      departmentStudents,
      sameOrganizationRow(departmentStudents, departmentStudentTherapists, departmentStudentTherapists.departmentStudentId),
    )
    .where(
      and(
        eq(departmentStudentTherapists.organizationId, organizationId),
        where.departmentIds ? inArray(departmentStudents.departmentId, where.departmentIds) : undefined,
        where.departmentStudentIds ? inArray(departmentStudentTherapists.departmentStudentId, where.departmentStudentIds) : undefined,
        where.ids ? inArray(departmentStudentTherapists.id, where.ids) : undefined,
        where.membershipId ? eq(departmentStudentTherapists.membershipId, where.membershipId) : undefined,
      ),
    );
}

export type AssignmentRow = Awaited<ReturnType<typeof selectAssignmentsWhere>>[number];
