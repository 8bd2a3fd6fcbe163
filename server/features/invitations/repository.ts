import { sameOrganizationRow, tenantRows } from '../../lib/tenant-rows';
import { findRole } from '../../db/lookups';
export { findOwnerUserId } from '../../db/lookups';
import type { DepartmentId, OrganizationId, UserId } from '../../lib/ids';
import { and, desc, eq, gt, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/handles';
import { users } from '../../db/schema/accounts';
import { departments } from '../../db/schema/departments';
import { invitations } from '../../db/schema/invitations';
import { organizations, roles } from '../../db/schema/organizations';
import type { InvitationStatus } from '../../../contract/invitations';
import type { Window } from '../../lib/pagination';

// The organization's side takes (tx, organizationId, …) inside its tenant transaction; the invitee's
// side reads across organizations for one user on the owner connection, bounded by that user.

export type InvitationRow = typeof invitations.$inferSelect;

const invitee = alias(users, 'invitee');
const inviter = alias(users, 'inviter');

/** An invitation with the names it is shown with: invitee, inviter, role, departments, organization. */
const detailColumns = {
  invitation: invitations,
  organization: { id: organizations.id, code: organizations.code, name: organizations.name, kind: organizations.kind },
  therapist: { userId: invitee.id, firstName: invitee.firstName, lastName: invitee.lastName },
  invitedBy: { firstName: inviter.firstName, lastName: inviter.lastName },
  role: { id: roles.id, name: roles.name },
  departments: sql<{ id: string; name: string }[]>`(
    SELECT coalesce(json_agg(json_build_object('id', ${departments.id}, 'name', ${departments.name}) ORDER BY ${departments.name}), '[]'::json)
    FROM ${departments}
    WHERE ${departments.organizationId} = ${invitations.organizationId} AND ${departments.id} = ANY(${invitations.departmentIds}))`,
};

function detailed<T extends Db>(db: T) {
  return db
    .select({ ...detailColumns, total: sql<number>`count(*) OVER ()::int` })
    .from(invitations)
    .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
    .innerJoin(inviter, eq(inviter.id, invitations.invitedBy))
    .leftJoin(invitee, eq(invitee.id, invitations.userId))
    .leftJoin(roles, sameOrganizationRow(roles, invitations, invitations.roleId));
}
export type InvitationDetail = Awaited<ReturnType<ReturnType<typeof detailed>['where']>>[number];

/** The status as the contract names it: `expired` is a pending row past its expiry. */
function statusIs(status: InvitationStatus | undefined, now: Date): SQL | undefined {
  if (status === undefined) {
    return undefined;
  }
  if (status === 'expired') {
    return and(eq(invitations.status, 'pending'), lte(invitations.expiresAt, now));
  }
  if (status === 'pending') {
    return and(eq(invitations.status, 'pending'), gt(invitations.expiresAt, now));
  }
  return eq(invitations.status, status);
}

/** Sent to the user, or to their e-mail before anyone held an account with it. */
const addressedTo = (user: { id: UserId; email: string }) =>
  or(eq(invitations.userId, user.id), and(isNull(invitations.userId), eq(sql`lower(${invitations.email})`, user.email.toLowerCase())));

export async function findDetail(db: Db, organizationId: OrganizationId, id: string): Promise<InvitationDetail | undefined> {
  const [row] = await detailed(db).where(and(eq(invitations.organizationId, organizationId), eq(invitations.id, id)));
  return row;
}

export async function findByToken(
  tx: Tx,
  organizationId: OrganizationId,
  token: string,
  options: { forUpdate?: boolean } = {},
): Promise<InvitationRow | undefined> {
  const query = tx
    .select()
    .from(invitations)
    .where(and(eq(invitations.organizationId, organizationId), eq(invitations.token, token)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function pageInvitations(
  tx: Tx,
  organizationId: OrganizationId,
  filter: { status?: InvitationStatus; archived: 'exclude' | 'include' | 'only'; now: Date },
  window: Window,
) {
  return detailed(tx)
    .where(
      and(
        eq(invitations.organizationId, organizationId),
        statusIs(filter.status, filter.now),
        filter.archived === 'include' ? undefined : eq(invitations.isArchived, filter.archived === 'only'),
      ),
    )
    .orderBy(desc(invitations.createdAt), desc(invitations.id))
    .limit(window.limit)
    .offset(window.offset);
}

/** A pending, unexpired invitation of this person here (by account or by address), if any. */
/**
 * Holds, until the transaction ends, the right to invite this address to this organization: two
 * servers inviting the same person at once take turns, so the second sees the first's invitation.
 */
export async function lockInvitee(tx: Tx, organizationId: OrganizationId, email: string) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`invite:${organizationId}:${email.toLowerCase()}`}, 0))`);
}

export async function findOpenInvitation(tx: Tx, organizationId: OrganizationId, to: { userId: UserId | null; email: string }, now: Date) {
  const [row] = await tx
    .select({ id: invitations.id })
    .from(invitations)
    .where(
      and(
        eq(invitations.organizationId, organizationId),
        statusIs('pending', now),
        or(to.userId ? eq(invitations.userId, to.userId) : undefined, eq(sql`lower(${invitations.email})`, to.email.toLowerCase())),
      ),
    )
    .limit(1);
  return row;
}

export async function insertInvitation(
  tx: Tx,
  organizationId: OrganizationId,
  row: Omit<typeof invitations.$inferInsert, 'organizationId'>,
) {
  const [created] = await tx
    .insert(invitations)
    .values({ ...row, organizationId })
    .returning();
  return created!;
}

export const updateInvitation = async (
  tx: Tx,
  organizationId: OrganizationId,
  id: string,
  patch: Partial<Pick<InvitationRow, 'status' | 'isArchived' | 'answeredAt' | 'userId'>>,
): Promise<InvitationRow> => (await tenantRows(invitations).update(tx, organizationId, id, patch))!;

/** The departments of this organization among the ids given. */
export async function departmentIdsIn(tx: Tx, organizationId: OrganizationId, ids: DepartmentId[]): Promise<DepartmentId[]> {
  return (await tenantRows(departments).byIds(tx, organizationId, ids)).map((row) => row.id);
}

export const findRoleId = async (tx: Tx, organizationId: OrganizationId, roleId: string) =>
  (await findRole(tx, organizationId, roleId))?.id;

export async function findOrganizationName(tx: Tx, organizationId: OrganizationId) {
  const [row] = await tx
    .select({ code: organizations.code, name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row!;
}

// ---- users (global rows; the tenant role may read them) ----

const userColumns = {
  id: users.id,
  email: users.email,
  userType: users.userType,
  firstName: users.firstName,
  lastName: users.lastName,
  therapistCode: users.therapistCode,
};

export async function findUserById(db: Db, id: UserId) {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return row;
}

export async function findTherapistByCode(db: Db, code: string) {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .where(and(eq(users.therapistCode, code), eq(users.userType, 'THE')));
  return row;
}

// ---- the invitee's side (owner connection, bounded by the user) ----

export async function invitationsOfUser(db: Db, user: { id: UserId; email: string }, filter: { status?: InvitationStatus; now: Date }) {
  return detailed(db)
    .where(and(addressedTo(user), statusIs(filter.status, filter.now)))
    .orderBy(desc(invitations.createdAt), desc(invitations.id));
}

/** The invitation of this token, whoever asks: only the public preview reads it (it answers little of it). */
export async function invitationByToken(db: Db, token: string) {
  const [row] = await detailed(db).where(eq(invitations.token, token));
  return row;
}

/** The invitation of this token if it is addressed to the user; anyone else's answers nothing. */
export async function invitationOfUser(db: Db, user: { id: UserId; email: string }, token: string) {
  const [row] = await detailed(db).where(and(eq(invitations.token, token), addressedTo(user)));
  return row;
}
