import type { OrganizationId, UserId } from '../../lib/ids';
import type { User } from '../../../contract/accounts';
import type { Db } from '../../db/handles';
import { hashToken, newSessionToken } from '../../lib/access';
import { openWorkspaceUsage } from '../../db/lookups';
import type { PublicContext } from '../../lib/request-context';
import { insertSession, type UserRow } from './repository';
import { toUser } from './present';

/** A new session: the token is only ever in the cookie, never stored. */
export interface IssuedSession {
  token: string;
  sessionId: string;
  expiresAt: Date;
  maxAgeSeconds: number;
}

export async function userWithUsage(ctx: PublicContext, row: UserRow, organizationId: OrganizationId | null): Promise<User> {
  const usage = organizationId ? await openWorkspaceUsage(ctx.database, organizationId, row.id) : null;
  return toUser(row, usage);
}

/**
 * Creates a server-side session: a random 256-bit token goes to the cookie, its SHA-256 to the
 * table, so a leaked table signs nobody in. `expiresAt` defaults to now + SESSION_ABSOLUTE_HOURS; a
 * rotation passes the old one on so rotating never extends the absolute lifetime. `db` is the owner
 * connection or the transaction the session belongs to; the caller sets the cookie once that
 * transaction has committed, so a failed call never hands out a token that was rolled back.
 */
export async function createSession(
  ctx: PublicContext,
  db: Db,
  input: { userId: UserId; activeOrganizationId: OrganizationId | null; expiresAt?: Date },
): Promise<IssuedSession> {
  const token = newSessionToken();
  const now = new Date();
  const expiresAt = input.expiresAt ?? new Date(now.getTime() + ctx.config.SESSION_ABSOLUTE_HOURS * 3_600_000);
  const session = await insertSession(db, {
    id: hashToken(token),
    userId: input.userId,
    activeOrganizationId: input.activeOrganizationId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    userAgent: ctx.client.userAgent.slice(0, 200),
  });
  const maxAgeSeconds = Math.max(1, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));
  return { token, sessionId: session.id, expiresAt, maxAgeSeconds };
}
