import type { MembershipId, OrganizationId } from '../../lib/ids';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/handles';
import { tenantRows } from '../../lib/tenant-rows';
import { memberships, roles } from '../../db/schema/organizations';

// Organization roles and which memberships hold them. Organization first, inside the tenant transaction given.

export type RoleRow = typeof roles.$inferSelect;
export type RoleWithCount = RoleRow & { membersCount: number };
type MembershipRow = typeof memberships.$inferSelect;

/** Roles; an insert answers undefined when its exact name was taken meanwhile (the caller answers 409). */
export const roleRows = tenantRows(roles);
export const membershipRows = tenantRows(memberships);

/** Memberships that count as holding a role: the ones that still act in the organization. */
const HOLDING = ['active', 'resigning'] as const;

// Written out: drizzle leaves columns unqualified in a select's own sql, which a correlated subquery can't have.
const membersCount = sql<number>`(
  SELECT count(*)::int FROM memberships m
  WHERE m.organization_id = "roles"."organization_id" AND m.role_id = "roles"."id" AND m.status IN ('active', 'resigning'))`;

/** One page of roles, built-in first, then by name regardless of case; one query with the total. */
export async function selectRoles(tx: Tx, organizationId: OrganizationId, page: { limit: number; offset: number }) {
  const rows = await tx
    .select({ role: roles, membersCount, total: sql<number>`count(*) OVER ()::int` })
    .from(roles)
    .where(eq(roles.organizationId, organizationId))
    .orderBy(sql`${roles.defaultFor} IS NULL`, asc(sql`lower(${roles.name})`), asc(roles.id))
    .limit(page.limit)
    .offset(page.offset);
  return { count: rows[0]?.total ?? (page.offset > 0 ? await countRoles(tx, organizationId) : 0), results: rows };
}

async function countRoles(tx: Tx, organizationId: OrganizationId): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(roles)
    .where(eq(roles.organizationId, organizationId));
  return row?.n ?? 0;
}

export async function findRole(tx: Tx, organizationId: OrganizationId, roleId: string): Promise<RoleWithCount | undefined> {
  const [row] = await tx
    .select({ role: roles, membersCount })
    .from(roles)
    .where(and(eq(roles.organizationId, organizationId), eq(roles.id, roleId)));
  return row && { ...row.role, membersCount: row.membersCount };
}

/**
 * Locks the role row for the rest of the transaction: a delete (update) waits for a concurrent
 * assignment (share) to commit and then counts its new holder, and an assignment waiting on a
 * delete then finds no role. So no membership is ever left naming a deleted role.
 */
export async function lockRole(tx: Tx, organizationId: OrganizationId, roleId: string, mode: 'update' | 'share'): Promise<boolean> {
  const rows = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.organizationId, organizationId), eq(roles.id, roleId)))
    .for(mode);
  return rows.length > 0;
}

/** Another role of the organization with this name, regardless of case. */
export async function findRoleByName(tx: Tx, organizationId: OrganizationId, name: string, exceptId?: string) {
  const [row] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(
      and(
        eq(roles.organizationId, organizationId),
        sql`lower(${roles.name}) = lower(${name})`,
        exceptId === undefined ? undefined : ne(roles.id, exceptId),
      ),
    )
    .limit(1);
  return row;
}

/** Ended memberships (terminated, resigned) that still name the role. */
export async function selectEndedHolders(tx: Tx, organizationId: OrganizationId, roleId: string) {
  return tx
    .select({ id: memberships.id, role: memberships.role })
    .from(memberships)
    .where(
      and(
        eq(memberships.organizationId, organizationId),
        eq(memberships.roleId, roleId),
        sql`${memberships.status} NOT IN ('active', 'resigning')`,
      ),
    );
}

export async function setMembershipsRole(
  tx: Tx,
  organizationId: OrganizationId,
  ids: MembershipId[],
  roleId: string | null,
): Promise<void> {
  if (ids.length > 0) {
    await tx
      .update(memberships)
      .set({ roleId })
      .where(and(eq(memberships.organizationId, organizationId), inArray(memberships.id, ids)));
  }
}

export const isHolding = (status: MembershipRow['status']) => (HOLDING as readonly string[]).includes(status);
