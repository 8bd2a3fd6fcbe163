import type { OrganizationId, UserId } from '../../lib/ids';
import type { SessionState, User } from '../../../contract/accounts';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Db } from '../../db/handles';
import { hashToken, newSessionToken, type SignedInUser } from '../../plugins/auth';
import { openWorkspaceUsage } from '../../db/lookups';
import { insertSession, type UserRow } from './repository';

/** What account services need; built from the Fastify instance, or by the seed without one. */
export interface ServiceDeps {
  database: Database;
  config: Config;
}

/** Who is calling, for sessions and the audit log (never personal data beyond the address). */
export interface RequestMeta {
  ip: string;
  userAgent: string;
}

/** A session the route turns into a cookie: the token is only ever in the cookie, never stored. */
export interface IssuedSession {
  token: string;
  maxAgeSeconds: number;
  state: SessionState;
}

export function toUser(row: UserRow, usage: { id: string } | null): SignedInUser {
  return {
    id: row.id,
    email: row.email,
    user_type: row.userType,
    first_name: row.firstName,
    last_name: row.lastName,
    phone_number: row.phoneNumber,
    current_usage: usage,
  };
}

export async function userWithUsage(database: Database, row: UserRow, organizationId: OrganizationId | null): Promise<User> {
  const usage = organizationId ? await openWorkspaceUsage(database, organizationId, row.id) : null;
  return toUser(row, usage);
}

/**
 * Creates a server-side session: a random 256-bit token goes to the cookie, its SHA-256 to the
 * table, so a leaked table signs nobody in. `expiresAt` defaults to now + SESSION_ABSOLUTE_HOURS;
 * a rotation passes the old one on so rotating never extends the absolute lifetime.
 */
export async function createSession(
  db: Db,
  config: Config,
  input: { userId: UserId; activeOrganizationId: OrganizationId | null; meta: RequestMeta; expiresAt?: Date },
): Promise<{ token: string; sessionId: string; expiresAt: Date; maxAgeSeconds: number }> {
  const token = newSessionToken();
  const now = new Date();
  const expiresAt = input.expiresAt ?? new Date(now.getTime() + config.SESSION_ABSOLUTE_HOURS * 3_600_000);
  const session = await insertSession(db, {
    id: hashToken(token),
    userId: input.userId,
    activeOrganizationId: input.activeOrganizationId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    userAgent: input.meta.userAgent.slice(0, 200),
  });
  const maxAgeSeconds = Math.max(1, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));
  return { token, sessionId: session.id, expiresAt, maxAgeSeconds };
}

/** SessionState as the client reads it; a locked session shows no personal data. */
export function stateOf(user: User, locked: boolean, activeOrganizationId: string | null): SessionState {
  return { user: locked ? null : user, locked, active_organization_id: activeOrganizationId };
}
