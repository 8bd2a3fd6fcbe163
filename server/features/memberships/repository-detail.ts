import { sameOrganizationRow } from '../../lib/tenant-rows';
import type { MembershipId, OrganizationId } from '../../lib/ids';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/handles';
import { memberships, organizations, roles } from '../../db/schema/organizations';
import { users } from '../../db/schema/accounts';
import { memberSearch } from '../../lib/person-columns';
import type { Window } from '../../lib/pagination';
import type { MembershipStatus } from './repository-admin';

// The organization's view of its memberships: the list and one member's detail.

const memberColumns = {
  membership: memberships,
  user: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
};
export type MemberWithUser = {
  membership: typeof memberships.$inferSelect;
  user: { id: string; firstName: string; lastName: string; email: string };
};

export async function selectMembers(
  tx: Tx,
  organizationId: OrganizationId,
  filter: Window & { statuses: readonly MembershipStatus[]; search: string | undefined },
) {
  return tx
    .select({ ...memberColumns, total: sql<number>`count(*) OVER ()`.mapWith(Number) })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.organizationId, organizationId),
        inArray(memberships.status, [...filter.statuses]),
        memberSearch(filter.search, true),
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(memberships.id))
    .limit(filter.limit)
    .offset(filter.offset);
}

export async function findMemberWithUser(tx: Tx, organizationId: OrganizationId, id: MembershipId) {
  const [row] = await tx
    .select({ ...memberColumns, roleName: roles.name, userType: users.userType })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(roles, sameOrganizationRow(roles, memberships, memberships.roleId))
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.id, id)));
  return row;
}

/**
 * What one member did and does in the organization, in one statement: departments, assigned
 * students, workspace minutes in the organization's current and previous calendar month (a usage
 * counts the part inside each month; an open one up to now), sessions held and upcoming.
 */
export async function memberFacts(tx: Tx, organizationId: OrganizationId, membershipId: MembershipId) {
  const result = await tx.execute(sql`
    WITH tz AS (SELECT timezone FROM ${organizations} WHERE id = ${organizationId}::uuid),
    bounds AS (
      SELECT (date_trunc('month', now() AT TIME ZONE tz.timezone) - interval '1 month') AT TIME ZONE tz.timezone AS last_start,
        date_trunc('month', now() AT TIME ZONE tz.timezone) AT TIME ZONE tz.timezone AS this_start,
        (date_trunc('month', now() AT TIME ZONE tz.timezone) + interval '1 month') AT TIME ZONE tz.timezone AS next_start
      FROM tz
    ),
    usage AS (
      SELECT w.opened_at, COALESCE(w.closed_at, now()) AS closed_at FROM workspace_usages w
      WHERE w.organization_id = ${organizationId}::uuid AND w.membership_id = ${membershipId}::uuid
    )
    SELECT
      COALESCE((SELECT json_agg(json_build_object('id', d.id, 'name', d.name) ORDER BY d.name)
        FROM department_members dm JOIN departments d ON d.organization_id = dm.organization_id AND d.id = dm.department_id
        WHERE dm.organization_id = ${organizationId}::uuid AND dm.membership_id = ${membershipId}::uuid), '[]'::json) AS departments,
      COALESCE((SELECT json_agg(json_build_object('id', s.id, 'first_name', s.first_name, 'last_name', s.last_name, 'code', s.code)
          ORDER BY s.last_name, s.first_name, s.id)
        FROM students s WHERE s.organization_id = ${organizationId}::uuid AND s.id IN (
          SELECT ds.student_id FROM department_student_therapists dst
          JOIN department_students ds ON ds.organization_id = dst.organization_id AND ds.id = dst.department_student_id
          WHERE dst.organization_id = ${organizationId}::uuid AND dst.membership_id = ${membershipId}::uuid)), '[]'::json) AS assigned_students,
      (SELECT COALESCE(sum(GREATEST(0, extract(epoch FROM LEAST(u.closed_at, b.next_start) - GREATEST(u.opened_at, b.this_start)))), 0)
        FROM usage u, bounds b)::float8 AS this_month_seconds,
      (SELECT COALESCE(sum(GREATEST(0, extract(epoch FROM LEAST(u.closed_at, b.this_start) - GREATEST(u.opened_at, b.last_start)))), 0)
        FROM usage u, bounds b)::float8 AS last_month_seconds,
      (SELECT count(*) FROM therasessions t WHERE t.organization_id = ${organizationId}::uuid AND t.therapist_membership_id = ${membershipId}::uuid
        AND t.status IN ('completed', 'ended_early'))::int AS sessions_held,
      (SELECT count(*) FROM therasessions t WHERE t.organization_id = ${organizationId}::uuid AND t.therapist_membership_id = ${membershipId}::uuid
        AND t.status = 'scheduled' AND t.start_at >= now())::int AS sessions_upcoming`);
  const [row] = rowsOf<{
    departments: { id: string; name: string }[];
    assigned_students: { id: string; first_name: string; last_name: string; code: string }[];
    this_month_seconds: number;
    last_month_seconds: number;
    sessions_held: number;
    sessions_upcoming: number;
  }>(result);
  return row!;
}
