import type { DepartmentId, OrganizationId, StudentId, UserId } from '../lib/ids';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from './client';
import type { Tx } from './handles';
import { departments, departmentStudents } from './schema/departments';
import { memberships, organizations, roles } from './schema/organizations';
import { students } from './schema/enrollments';
import { workspaceUsages } from './schema/workspace';
import { tenantRows } from '../lib/tenant-rows';

/**
 * Existence checks on tenant rows that several features' rules need (a session's therapist, a goal's
 * department, …). Always scoped to one organization, inside the caller's tenant transaction.
 */
export const findDepartment = tenantRows(departments).byId;
export const findMembership = tenantRows(memberships).byId;
export const findStudent = tenantRows(students).byId;
export const findRole = tenantRows(roles).byId;

/** The user who owns the organization: never a member to add, invite or end. */
export async function findOwnerUserId(tx: Tx, organizationId: OrganizationId): Promise<UserId | undefined> {
  const [row] = await tx.select({ ownerUserId: organizations.ownerUserId }).from(organizations).where(eq(organizations.id, organizationId));
  return row?.ownerUserId;
}

/** The student's placement in the department, if they are placed there. */
export async function findPlacement(tx: Tx, organizationId: OrganizationId, departmentId: DepartmentId, studentId: StudentId) {
  const [row] = await tx
    .select()
    .from(departmentStudents)
    .where(
      tenantRows(departmentStudents).where(
        organizationId,
        eq(departmentStudents.departmentId, departmentId),
        eq(departmentStudents.studentId, studentId),
      ),
    );
  return row;
}

export async function isStudentInDepartment(tx: Tx, organizationId: OrganizationId, departmentId: DepartmentId, studentId: StudentId) {
  return (await findPlacement(tx, organizationId, departmentId, studentId)) !== undefined;
}

/** The user's open workspace usage in an organization (User.current_usage), in its own tenant transaction. */
export async function openWorkspaceUsage(
  database: Database,
  organizationId: OrganizationId,
  userId: UserId,
): Promise<{ id: string } | null> {
  const rows = await database.tenant(organizationId, (tx) =>
    tx
      .select({ id: workspaceUsages.id })
      .from(workspaceUsages)
      .where(
        and(
          eq(workspaceUsages.organizationId, organizationId),
          eq(workspaceUsages.userId, userId),
          sql`${workspaceUsages.closedAt} IS NULL`,
        ),
      )
      .orderBy(sql`${workspaceUsages.openedAt} DESC`)
      .limit(1),
  );
  return rows[0] ?? null;
}

/** The organization's IANA time zone (its days and weeks are its calendar's); UTC if unknown. */
export async function organizationTimezone(tx: Tx, organizationId: OrganizationId): Promise<string> {
  const [row] = await tx.select({ timezone: organizations.timezone }).from(organizations).where(eq(organizations.id, organizationId));
  return row?.timezone ?? 'UTC';
}
