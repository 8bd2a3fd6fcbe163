import type { DepartmentId, MembershipId, OrganizationId } from '../../lib/ids';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/handles';
import { departmentMembers } from '../../db/schema/departments';
import { memberships } from '../../db/schema/organizations';
import { users } from '../../db/schema/accounts';
import type { Window } from '../../lib/pagination';
import { byUserName, memberSearch, userContactFields, userNameFields } from '../../lib/person-columns';
import { sameOrganizationRow, tenantRows } from '../../lib/tenant-rows';

// A department's team, and the organization's members to pick it from.

/** A membership on a department's team. */
export const departmentMemberRows = tenantRows(departmentMembers);

export async function deleteDepartmentMemberRow(tx: Tx, organizationId: OrganizationId, departmentId: DepartmentId, memberId: string) {
  return departmentMemberRows.deleteOne(
    tx,
    organizationId,
    eq(departmentMembers.departmentId, departmentId),
    eq(departmentMembers.id, memberId),
  );
}

export interface MemberFilter {
  search?: string | undefined;
  /** One team member only (the answer of adding them). */
  membershipId?: MembershipId | undefined;
}

/** A page of the team, by name, with the total on every row. */
export async function pageDepartmentMembers(
  tx: Tx,
  organizationId: OrganizationId,
  departmentId: DepartmentId,
  filter: MemberFilter,
  window: Window,
) {
  return tx
    .select({
      id: departmentMembers.id,
      departmentId: departmentMembers.departmentId,
      membershipId: departmentMembers.membershipId,
      role: memberships.role,
      status: memberships.status,
      userId: users.id,
      ...userNameFields,
      total: sql<number>`count(*) OVER ()::int`,
    })
    .from(departmentMembers)
    .innerJoin(memberships, sameOrganizationRow(memberships, departmentMembers, departmentMembers.membershipId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(departmentMembers.organizationId, organizationId),
        eq(departmentMembers.departmentId, departmentId),
        memberSearch(filter.search),
        filter.membershipId === undefined ? undefined : eq(departmentMembers.membershipId, filter.membershipId),
      ),
    )
    .orderBy(...byUserName, asc(departmentMembers.id))
    .limit(window.limit)
    .offset(window.offset);
}

export type DepartmentMemberRow = Awaited<ReturnType<typeof pageDepartmentMembers>>[number];

/** The organization's active members (to pick from), by name; search matches names and e-mail. */
export async function pageActiveMembers(
  tx: Tx,
  organizationId: OrganizationId,
  filter: { search?: string | undefined; role?: 'therapist' | 'staff' | undefined },
  window: Window,
) {
  return tx
    .select({
      membershipId: memberships.id,
      userId: users.id,
      ...userContactFields,
      role: memberships.role,
      roleId: memberships.roleId,
      total: sql<number>`count(*) OVER ()::int`,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.organizationId, organizationId),
        eq(memberships.status, 'active'),
        filter.role ? eq(memberships.role, filter.role) : undefined,
        memberSearch(filter.search, true),
      ),
    )
    .orderBy(...byUserName, asc(memberships.id))
    .limit(window.limit)
    .offset(window.offset);
}

export type OrganizationMemberRow = Awaited<ReturnType<typeof pageActiveMembers>>[number];
