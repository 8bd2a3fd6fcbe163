import type { DepartmentId, MembershipId, OrganizationId, StudentId } from '../../lib/ids';
import { and, count, desc, eq, getTableColumns, inArray, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/handles';
import { memberships } from '../../db/schema/organizations';
import { students } from '../../db/schema/enrollments';
import { users } from '../../db/schema/accounts';
import { auditTrail } from '../../db/schema/audit';
import type { Window } from '../../lib/pagination';
import { userNameFields } from '../../lib/person-columns';

// A department's history: a view of the audit trail (server/lib/audit-trail.ts), the department's own
// rows and those scoped to it (its team, students and their therapists).

function historyWhere(organizationId: OrganizationId, departmentId: DepartmentId) {
  return and(
    eq(auditTrail.organizationId, organizationId),
    or(
      and(eq(auditTrail.entity, 'department'), eq(auditTrail.entityId, departmentId)),
      sql`${auditTrail.scope} @> ${JSON.stringify({ department: departmentId })}::jsonb`,
    ),
  );
}

export async function pageDepartmentHistory(tx: Tx, organizationId: OrganizationId, departmentId: DepartmentId, window: Window) {
  return tx
    .select({ ...getTableColumns(auditTrail), ...userNameFields })
    .from(auditTrail)
    .leftJoin(users, eq(users.id, auditTrail.userId))
    .where(historyWhere(organizationId, departmentId))
    .orderBy(desc(auditTrail.id))
    .limit(window.limit)
    .offset(window.offset);
}

export type HistoryRow = Awaited<ReturnType<typeof pageDepartmentHistory>>[number];

export async function countDepartmentHistory(tx: Tx, organizationId: OrganizationId, departmentId: DepartmentId) {
  const [row] = await tx.select({ n: count() }).from(auditTrail).where(historyWhere(organizationId, departmentId));
  return row?.n ?? 0;
}

type Name = { id: string; firstName: string; lastName: string };

/** Names of the memberships and students a page of history rows names (two queries per page, not per row). */
export async function historySubjectNames(tx: Tx, organizationId: OrganizationId, membershipIds: MembershipId[], studentIds: StudentId[]) {
  const [members, pupils] = await Promise.all([
    membershipIds.length === 0
      ? []
      : tx
          .select({ id: memberships.id, firstName: users.firstName, lastName: users.lastName })
          .from(memberships)
          .innerJoin(users, eq(users.id, memberships.userId))
          .where(and(eq(memberships.organizationId, organizationId), inArray(memberships.id, membershipIds))),
    studentIds.length === 0
      ? []
      : tx
          .select({ id: students.id, firstName: students.firstName, lastName: students.lastName })
          .from(students)
          .where(and(eq(students.organizationId, organizationId), inArray(students.id, studentIds))),
  ]);
  // Keyed by plain strings: the ids are looked up as the trail's changes hold them.
  return { members: new Map<string, Name>(members.map((m) => [m.id, m])), students: new Map<string, Name>(pupils.map((p) => [p.id, p])) };
}
