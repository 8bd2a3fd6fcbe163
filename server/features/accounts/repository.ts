import type { OrganizationId, UserId } from '../../lib/ids';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/handles';
import { authSessions, users } from '../../db/schema/accounts';
import { memberships, organizations } from '../../db/schema/organizations';

// Users and sessions are global tables (not tenant rows): they are read and written on the owner
// connection. The two tenant look-ups below take the organization or run under database.tenant.

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof authSessions.$inferSelect;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return rows[0] ?? null;
}

export async function findUserById(db: Db, id: UserId): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0] ?? null;
}

/** Inserts a user unless the e-mail is taken (returns null then; a race can't raise mid-transaction). */
export async function insertUser(db: Db, row: typeof users.$inferInsert): Promise<UserRow | null> {
  const rows = await db.insert(users).values(row).onConflictDoNothing({ target: users.email }).returning();
  return rows[0] ?? null;
}

export async function updateUser(
  db: Db,
  id: UserId,
  patch: Partial<Pick<UserRow, 'email' | 'passwordHash' | 'firstName' | 'lastName' | 'phoneNumber'>>,
): Promise<UserRow | null> {
  const rows = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return rows[0] ?? null;
}

/** Inserts an organization unless its code is taken (returns null: the caller draws a new code). */
export async function insertOrganization(db: Db, row: typeof organizations.$inferInsert): Promise<{ id: OrganizationId } | null> {
  const rows = await db
    .insert(organizations)
    .values(row)
    .onConflictDoNothing({ target: organizations.code })
    .returning({ id: organizations.id });
  return rows[0] ?? null;
}

export async function insertSession(db: Db, row: typeof authSessions.$inferInsert): Promise<SessionRow> {
  const rows = await db.insert(authSessions).values(row).returning();
  return rows[0]!;
}

export async function findSession(db: Db, id: string): Promise<SessionRow | null> {
  const rows = await db.select().from(authSessions).where(eq(authSessions.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function deleteSession(db: Db, id: string): Promise<SessionRow | null> {
  const rows = await db.delete(authSessions).where(eq(authSessions.id, id)).returning();
  return rows[0] ?? null;
}

/** Ends every session of the user except `keepId` (password change). */
export async function deleteOtherSessions(db: Db, userId: UserId, keepId: string): Promise<number> {
  const rows = await db
    .delete(authSessions)
    .where(and(eq(authSessions.userId, userId), ne(authSessions.id, keepId)))
    .returning({ id: authSessions.id });
  return rows.length;
}

export async function setSessionLock(db: Db, id: string, isLocked: boolean): Promise<void> {
  await db.update(authSessions).set({ isLocked, failedUnlocks: 0 }).where(eq(authSessions.id, id));
}

/** Counts one wrong unlock password atomically and returns the new count. */
export async function incrementFailedUnlocks(db: Db, id: string): Promise<number> {
  const rows = await db
    .update(authSessions)
    .set({ failedUnlocks: sql`${authSessions.failedUnlocks} + 1` })
    .where(eq(authSessions.id, id))
    .returning({ failedUnlocks: authSessions.failedUnlocks });
  return rows[0]?.failedUnlocks ?? 0;
}

/**
 * The organization a new session starts in: the user's first owned organization, else the first
 * organization where the user is an active (or resigning) member. A user-scoped look-up across
 * organizations, so it runs on the owner connection (server/db/rls.ts).
 */
export async function firstOrganizationOf(db: Db, userId: UserId): Promise<OrganizationId | null> {
  const owned = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.ownerUserId, userId))
    .orderBy(asc(organizations.createdAt), asc(organizations.id))
    .limit(1);
  if (owned[0]) {
    return owned[0].id;
  }
  const member = await db
    .select({ id: memberships.organizationId })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), sql`${memberships.status} IN ('active', 'resigning')`))
    .orderBy(asc(memberships.joinedAt), asc(memberships.id))
    .limit(1);
  return member[0]?.id ?? null;
}
