import { sameOrganizationRow } from '../tenant-rows';
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Access, PermissionKey } from '../../../contract/http';
import { PERMISSION_KEYS } from '../../../contract/http';
import type { User } from '../../../contract/accounts';
import { formerMemberAccess } from './former-member';
import { AppError } from '../app-error';
import { asOrganizationId, type MembershipId, type OrganizationId, type UserId } from '../ids';
import { openWorkspaceUsage } from '../../db/lookups';
import { DEFAULT_MEMBER_PERMISSIONS } from '../../db/built-in-roles';
import { authSessions, users } from '../../db/schema/accounts';
import { memberships, organizations, roles } from '../../db/schema/organizations';

export const SESSION_COOKIE = 'thera_sid';

/** The signed-in user as the contract answers it, its id branded (server/lib/ids.ts). */
export type SignedInUser = User & { id: UserId };

export interface SignedIn {
  sessionId: string;
  user: SignedInUser;
  locked: boolean;
  activeOrganizationId: OrganizationId | null;
  /**
   * The person this session acts as (a parent acting as their child), recorded on every audit row
   * the calls write. No sign-in sets it yet: a parent's child session will.
   */
  actingAsUserId?: UserId | null;
}

export interface OrgAccess {
  organizationId: OrganizationId;
  isOwner: boolean;
  membershipId: MembershipId | null;
  permissions: ReadonlySet<PermissionKey>;
  /** The member's role (null for an owner, or a membership not yet given one): what a privacy-role template is keyed by. */
  roleId?: string | null;
  /** Only for a former member let in by a call that admits them (`admitsFormerMembers`): when it ended. */
  membershipEndedAt?: Date | null;
}

/** Paths a locked session may still call: unlocking needs the password, and signing out always works. */
const ALLOWED_WHILE_LOCKED = new Set(['/api/users/auth/unlock-account/', '/api/users/auth/logout/', '/api/users/auth/session/']);

export const newSessionToken = () => randomBytes(32).toString('base64url'); // 256 bits
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Reads the session cookie, enforces idle and absolute expiry, and loads the user. */
export async function loadSession(request: FastifyRequest): Promise<SignedIn | null> {
  if (request.signedIn !== undefined) {
    return request.signedIn;
  }
  const token = request.cookies[SESSION_COOKIE];
  request.signedIn = null;
  if (!token) {
    return null;
  }
  const { db } = request.server.database;
  const id = hashToken(token);
  // An organization call's access is read in the same round trip (the organization it names by id,
  // or the session's active one); a call naming it by code looks it up later (organizationAccess).
  const named = namedOrganization(request);
  const prefetch = named !== undefined && request.routeOptions.config.access?.kind === 'org';
  const orgId = named ? sql`${named}::uuid` : authSessions.activeOrganizationId;
  const sessionOf = eq(authSessions.id, id);
  const [row] = prefetch
    ? await db
        .select({ session: authSessions, user: users, access: accessColumns })
        .from(authSessions)
        .innerJoin(users, eq(users.id, authSessions.userId))
        .leftJoin(organizations, eq(organizations.id, orgId))
        .leftJoin(memberships, activeMembershipOf(users.id))
        .leftJoin(roles, roleOfMembership)
        .where(sessionOf)
        .limit(1)
    : (
        await db
          .select({ session: authSessions, user: users })
          .from(authSessions)
          .innerJoin(users, eq(users.id, authSessions.userId))
          .where(sessionOf)
          .limit(1)
      ).map((r) => ({ ...r, access: undefined }));
  if (!row) {
    return null;
  }
  const requested = named ?? row.session.activeOrganizationId;
  if (row.access && requested) {
    request.accessPrefetch = { organizationId: requested, row: row.access };
  }
  const now = Date.now();
  const idleMs = request.server.config.SESSION_IDLE_MINUTES * 60_000;
  if (row.session.expiresAt.getTime() <= now || row.session.lastSeenAt.getTime() + idleMs <= now) {
    await db.delete(authSessions).where(eq(authSessions.id, id));
    return null;
  }
  // Touched once a tenth of the idle window has passed, not on every call (reads stay reads), and
  // early enough that a user calling now and then is never signed out as idle.
  if (now - row.session.lastSeenAt.getTime() > idleMs / 10) {
    await db
      .update(authSessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(authSessions.id, id));
  }
  // Only the account calls answer with the user (and its open workspace usage): skip the look-up elsewhere.
  const needsUsage = (request.routeOptions.url ?? '').startsWith('/api/users/auth/');
  const usage =
    needsUsage && row.session.activeOrganizationId
      ? await openWorkspaceUsage(request.server.database, row.session.activeOrganizationId, row.user.id)
      : null;
  request.signedIn = {
    sessionId: id,
    locked: row.session.isLocked,
    activeOrganizationId: row.session.activeOrganizationId,
    user: {
      id: row.user.id,
      email: row.user.email,
      user_type: row.user.userType,
      first_name: row.user.firstName,
      last_name: row.user.lastName,
      phone_number: row.user.phoneNumber,
      current_usage: usage,
    },
  };
  return request.signedIn;
}

const UUID_LIKE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The organization a request names by id (the path's `orgId`, else the query's `organization_id`),
 * null when it names none (the session's active one applies), undefined when it names one by code
 * or by something that is no id (not read with the session; organizationAccess answers it).
 */
function namedOrganization(request: FastifyRequest): string | null | undefined {
  const params = (request.params ?? {}) as Record<string, string | undefined>;
  const query = (request.query ?? {}) as Record<string, string | undefined>;
  if (params.orgCode !== undefined) {
    return undefined;
  }
  const named = params.orgId ?? query.organization_id;
  return named === undefined ? null : UUID_LIKE.test(named) ? named : undefined;
}

/** What a member's access is made of: ownership, an active or resigning membership, its role's keys. */
const accessColumns = {
  organizationId: organizations.id,
  ownerId: organizations.ownerUserId,
  membershipId: memberships.id,
  role: memberships.role,
  roleId: memberships.roleId,
  keys: roles.permissionKeys,
};
type AccessRow = {
  organizationId: string | null;
  ownerId: string | null;
  membershipId: MembershipId | null;
  role: (typeof memberships.$inferSelect)['role'] | null;
  roleId: string | null;
  keys: (typeof roles.$inferSelect)['permissionKeys'] | null;
};
const activeMembershipOf = (userId: SQL | typeof users.id) =>
  and(
    eq(memberships.organizationId, organizations.id),
    eq(memberships.userId, userId),
    sql`${memberships.status} IN ('active', 'resigning')`,
  );
const roleOfMembership = sameOrganizationRow(roles, memberships, memberships.roleId);

/** The organization a request acts in: the path's `orgId`/`orgCode`, else the session's active one. */
async function resolveOrganizationId(request: FastifyRequest, signedIn: SignedIn): Promise<string | null> {
  const params = (request.params ?? {}) as Record<string, string | undefined>;
  const { db } = request.server.database;
  if (params.orgId) {
    return params.orgId;
  }
  if (params.orgCode) {
    const rows = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.code, params.orgCode)).limit(1);
    return rows[0]?.id ?? null;
  }
  const query = (request.query ?? {}) as Record<string, string | undefined>;
  return query.organization_id ?? signedIn.activeOrganizationId;
}

/** Owner, or an active member; the member's role grants permission keys. Another organization: 404. */
export async function organizationAccess(
  request: FastifyRequest,
  signedIn: SignedIn,
  requestedId: string,
  admitsFormerMembers = false,
): Promise<OrgAccess | null> {
  const { db } = request.server.database;
  if (!UUID_LIKE.test(requestedId)) {
    return null;
  }
  const organizationId = asOrganizationId(requestedId);
  const prefetched = request.accessPrefetch;
  const row =
    prefetched?.organizationId === requestedId
      ? prefetched.row
      : (
          await db
            .select(accessColumns)
            .from(organizations)
            .leftJoin(memberships, activeMembershipOf(sql`${signedIn.user.id}::uuid`))
            .leftJoin(roles, roleOfMembership)
            .where(eq(organizations.id, organizationId))
            .limit(1)
        )[0];
  if (!row?.organizationId) {
    return null;
  }
  if (row.ownerId === signedIn.user.id) {
    return { organizationId, isOwner: true, membershipId: row.membershipId, permissions: new Set(PERMISSION_KEYS) };
  }
  if (!row.membershipId || !row.role) {
    return admitsFormerMembers ? formerMemberAccess(db, organizationId, signedIn.user.id) : null;
  }
  // A membership not yet given a role (before the start-up backfill) holds its kind's defaults; one
  // naming a role that is gone holds nothing (fail closed; server/features/roles locks against it).
  const keys = (row.roleId === null ? DEFAULT_MEMBER_PERMISSIONS[row.role] : (row.keys ?? [])) as PermissionKey[];
  return { organizationId, isOwner: false, membershipId: row.membershipId, roleId: row.roleId, permissions: new Set(keys) };
}

// The keys the built-in roles start with, and what a member without a role holds (server/db/built-in-roles.ts).
export { DEFAULT_MEMBER_PERMISSIONS };

export async function authorize(request: FastifyRequest, access: Access): Promise<{ auth: SignedIn | null; org: OrgAccess | null }> {
  const signedIn = await loadSession(request);
  if (access.kind === 'public') {
    return { auth: signedIn, org: null };
  }
  if (!signedIn) {
    throw new AppError('NOT_SIGNED_IN', 'You are not signed in.');
  }
  const path = request.routeOptions.url ?? '';
  if (signedIn.locked && !ALLOWED_WHILE_LOCKED.has(path)) {
    throw new AppError('ACCOUNT_LOCKED', 'This account is locked. Unlock it with your password.');
  }
  if (access.kind === 'user') {
    return { auth: signedIn, org: null };
  }
  const organizationId = await resolveOrganizationId(request, signedIn);
  const org = organizationId ? await organizationAccess(request, signedIn, organizationId, access.admitsFormerMembers === true) : null;
  if (!org) {
    // Never reveal whether another organization exists.
    throw new AppError('NOT_FOUND', organizationId ? 'Organization not found.' : 'Choose an organization first.');
  }
  if (access.permission && !org.permissions.has(access.permission)) {
    throw new AppError('FORBIDDEN', 'You do not have permission to do this.');
  }
  return { auth: signedIn, org };
}

export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean, maxAgeSeconds: number) {
  reply.setCookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: maxAgeSeconds });
}
export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

declare module 'fastify' {
  interface FastifyRequest {
    signedIn?: SignedIn | null;
    /** The organization access read with the session (loadSession), for the organization it was read for. */
    accessPrefetch?: { organizationId: string; row: AccessRow | null } | null;
  }
}
