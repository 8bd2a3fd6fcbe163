import type { OrganizationId, UserId } from '../../lib/ids';
import { and, asc, count, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { OrganizationSettingsBody } from '../../../contract/organizations';
import type { Db, Tx } from '../../db/handles';
import { escapeLike } from '../../lib/pagination';
import { authSessions, users } from '../../db/schema/accounts';
import { memberships, organizations } from '../../db/schema/organizations';
import { services } from '../../db/schema/services';
import { rowsOf } from '../../db/handles';
import { departments } from '../../db/schema/departments';
import { enrollments } from '../../db/schema/enrollments';
import { invitations } from '../../db/schema/invitations';
import { therasessions } from '../../db/schema/scheduling';

export type OrganizationRow = typeof organizations.$inferSelect;

export interface UserOrganizationRow {
  organization: OrganizationRow;
  role: 'owner' | 'therapist' | 'staff';
  membershipId: string | null;
}

/**
 * The organizations a user owns or is an active (or resigning) member of: a user-scoped look-up
 * across organizations, so it runs on the owner connection (server/db/rls.ts). A user has a handful,
 * so both halves are read whole and merged; ownership wins over a membership in the same one.
 */
export async function organizationsOfUser(db: Db, userId: UserId): Promise<UserOrganizationRow[]> {
  const owned = await db.select().from(organizations).where(eq(organizations.ownerUserId, userId));
  const member = await db
    .select({ organization: organizations, role: memberships.role, membershipId: memberships.id })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(and(eq(memberships.userId, userId), sql`${memberships.status} IN ('active', 'resigning')`));
  const byId = new Map<string, UserOrganizationRow>();
  for (const organization of owned) {
    byId.set(organization.id, { organization, role: 'owner', membershipId: null });
  }
  for (const row of member) {
    if (!byId.has(row.organization.id)) {
      byId.set(row.organization.id, row);
    }
  }
  return [...byId.values()].sort(
    (a, b) => a.organization.name.localeCompare(b.organization.name) || a.organization.id.localeCompare(b.organization.id),
  );
}

/** Codes are read aloud and typed, so the match ignores case. */
export async function findOrganizationByCode(db: Db, code: string): Promise<OrganizationRow | null> {
  const rows = await db
    .select()
    .from(organizations)
    .where(sql`upper(${organizations.code}) = upper(${code})`)
    .orderBy(sql`${organizations.code} = ${code} DESC`)
    .limit(1);
  return rows[0] ?? null;
}

/** Name contains `q` (case-insensitive) or code starts with it; exact code first, then by name. */
export async function searchOrganizations(db: Db, q: string, limit: number): Promise<OrganizationRow[]> {
  const pattern = escapeLike(q);
  return db
    .select()
    .from(organizations)
    .where(or(ilike(organizations.name, `%${pattern}%`), ilike(organizations.code, `${pattern}%`)))
    .orderBy(sql`CASE WHEN upper(${organizations.code}) = upper(${q}) THEN 0 ELSE 1 END`, asc(organizations.name), asc(organizations.id))
    .limit(limit);
}

export async function setActiveOrganization(db: Db, sessionId: string, organizationId: OrganizationId): Promise<void> {
  await db.update(authSessions).set({ activeOrganizationId: organizationId }).where(eq(authSessions.id, sessionId));
}

/** Organization profile settings, read under RLS inside database.tenant(organizationId). */
export async function getSettings(tx: Tx, organizationId: OrganizationId): Promise<OrganizationRow | null> {
  const rows = await tx.select().from(organizations).where(eq(organizations.id, organizationId)).limit(1);
  return rows[0] ?? null;
}

/** Services of the organization with a price other than 0 (their amounts are in its currency). */
export async function countPricedServices(tx: Tx, organizationId: OrganizationId): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(services)
    .where(and(eq(services.organizationId, organizationId), ne(services.priceMinor, 0)));
  return row?.n ?? 0;
}

export async function updateSettings(
  tx: Tx,
  organizationId: OrganizationId,
  body: z.output<typeof OrganizationSettingsBody>,
): Promise<OrganizationRow | null> {
  const rows = await tx
    .update(organizations)
    .set({
      name: body.name,
      kind: body.kind,
      timezone: body.timezone,
      email: body.email,
      phone: body.phone,
      address: body.address,
      website: body.website,
      ...(body.currency ? { currency: body.currency } : {}),
    })
    .where(eq(organizations.id, organizationId))
    .returning();
  return rows[0] ?? null;
}

export type OwnerRow = Pick<typeof users.$inferSelect, 'firstName' | 'lastName' | 'phoneNumber' | 'email'>;

type StepTable = typeof services | typeof departments | typeof invitations | typeof enrollments | typeof therasessions;

/** Which first steps the organization has taken, as one statement of EXISTS tests (each stops at its first row). */
export async function firstSteps(tx: Tx, organizationId: OrganizationId) {
  const any = (table: StepTable) => sql`EXISTS (SELECT 1 FROM ${table} WHERE ${table.organizationId} = ${organizationId})`;
  const therapistMember = sql`EXISTS (SELECT 1 FROM ${memberships} WHERE ${memberships.organizationId} = ${organizationId} AND ${memberships.role} = 'therapist')`;
  const [row] = rowsOf<{ services: boolean; departments: boolean; therapists: boolean; enrollments: boolean; schedule: boolean }>(
    await tx.execute(sql`SELECT ${any(services)} AS services, ${any(departments)} AS departments,
      (${any(invitations)} OR ${therapistMember}) AS therapists, ${any(enrollments)} AS enrollments, ${any(therasessions)} AS schedule`),
  );
  return row!;
}
