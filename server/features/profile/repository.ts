import type { OrganizationId, UserId } from '../../lib/ids';
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/handles';
import { memberships } from '../../db/schema/organizations';
import { users } from '../../db/schema/accounts';
import {
  profileCertifications,
  profileEducations,
  profileSkills,
  profileSocialLinks,
  profileWorkExperiences,
  therapistProfiles,
} from '../../db/schema/profile';
import { userContactFields } from '../../lib/person-columns';

// A profile belongs to a person, not an organization: every statement is bounded by the user id.
// The organization's read of a member's profile passes its tenant transaction as `db` (the runtime
// role may read these tables, server/db/rls.ts).

export type ProfileRow = typeof therapistProfiles.$inferSelect;
export type ProfilePatch = Partial<Omit<typeof therapistProfiles.$inferInsert, 'userId' | 'updatedAt'>>;

export async function findPerson(db: Db, userId: UserId) {
  const [row] = await db
    .select({
      id: users.id,
      userType: users.userType,
      ...userContactFields,
      phoneNumber: users.phoneNumber,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export async function findProfile(db: Db, userId: UserId): Promise<ProfileRow | undefined> {
  const [row] = await db.select().from(therapistProfiles).where(eq(therapistProfiles.userId, userId));
  return row;
}

/** The first change creates the profile; later ones update it. */
export async function upsertProfile(db: Db, userId: UserId, patch: ProfilePatch): Promise<void> {
  const set = { ...patch, updatedAt: new Date() };
  await db
    .insert(therapistProfiles)
    .values({ userId, ...set })
    .onConflictDoUpdate({ target: therapistProfiles.userId, set });
}

type ItemTable = PgTable & { id: AnyPgColumn; userId: AnyPgColumn };

/**
 * The statements every list of the profile needs, on its own table, in its own order. The rows are
 * typed as the table's own select type by a cast: drizzle cannot follow a table chosen at runtime.
 */
function itemStatements<T extends ItemTable, Row = T['$inferSelect']>(table: T, order: (t: T) => SQL[]) {
  const mine = (userId: UserId, id?: string) => and(eq(table.userId, userId), id === undefined ? undefined : eq(table.id, id));
  return {
    list: async (db: Db, userId: UserId): Promise<Row[]> =>
      (await db
        .select()
        .from(table as PgTable)
        .where(mine(userId))
        .orderBy(...order(table))) as Row[],
    find: async (db: Db, userId: UserId, id: string): Promise<Row | undefined> =>
      (
        (await db
          .select()
          .from(table as PgTable)
          .where(mine(userId, id))) as Row[]
      )[0],
    count: async (db: Db, userId: UserId): Promise<number> =>
      (
        await db
          .select({ n: count() })
          .from(table as PgTable)
          .where(mine(userId))
      )[0]?.n ?? 0,
    insert: async (db: Db, values: Record<string, unknown>): Promise<Row> =>
      (
        (await db
          .insert(table)
          .values(values as T['$inferInsert'])
          .returning()) as Row[]
      )[0]!,
    update: async (db: Db, userId: UserId, id: string, values: Record<string, unknown>): Promise<Row | undefined> =>
      (
        (await db
          .update(table)
          .set(values as never)
          .where(mine(userId, id))
          .returning()) as Row[]
      )[0],
    remove: async (db: Db, userId: UserId, id: string): Promise<boolean> =>
      ((await db.delete(table).where(mine(userId, id)).returning({ id: table.id })) as unknown[]).length > 0,
  };
}

export type ItemStatements<Row> = ReturnType<typeof itemStatements<ItemTable, Row>>;

export const socialLinks = itemStatements(profileSocialLinks, (t) => [asc(t.createdAt), asc(t.id)]);
export const educations = itemStatements(profileEducations, (t) => [sql`${t.endDate} DESC NULLS FIRST`, desc(t.startDate), asc(t.id)]);
export const certifications = itemStatements(profileCertifications, (t) => [sql`${t.expiresOn} ASC NULLS LAST`, asc(t.name), asc(t.id)]);
export const skills = itemStatements(profileSkills, (t) => [asc(sql`lower(${t.name})`), asc(t.id)]);
export const workExperiences = itemStatements(profileWorkExperiences, (t) => [
  sql`${t.endDate} DESC NULLS FIRST`,
  desc(t.startDate),
  asc(t.id),
]);

/** Whether the user already lists a skill of this name, whatever its case (another id than `exceptId`). */
export async function hasSkillNamed(db: Db, userId: UserId, name: string, exceptId?: string): Promise<boolean> {
  const rows = await db
    .select({ id: profileSkills.id })
    .from(profileSkills)
    .where(
      and(
        eq(profileSkills.userId, userId),
        sql`lower(${profileSkills.name}) = lower(${name})`,
        exceptId === undefined ? undefined : sql`${profileSkills.id} <> ${exceptId}`,
      ),
    );
  return rows.length > 0;
}

/** Whether the user holds a membership (any status) of the organization: whose profile it may read. */
export async function isMemberOf(tx: Tx, organizationId: OrganizationId, userId: UserId): Promise<boolean> {
  const rows = await tx
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));
  return rows.length > 0;
}
