/**
 * Fixtures for the admin features' HTTP tests (departments, classrooms, programs, …): one app and one
 * world per file (createWorld: two organizations, owners, a therapist, a placed student), a staff
 * member with no role, a counter of the statements the database runs (for the no-N+1 tests), and the
 * checks every admin test makes: rows per organization, audit rows, field errors, role-limited members.
 */
import { randomUUID } from 'node:crypto';
import { and, count, eq, type Column } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { auditTrail } from '../../server/db/schema/audit';
import { memberships, roles } from '../../server/db/schema/organizations';
import { addStaff, call, createWorld, type Actor, type World } from './collector-fixtures';
import { createTestApp, type TestApp } from './test-app';

export const json = (res: LightMyRequestResponse) => res.json() as Record<string, any>;

/** A 400 whose field errors name `field` (or a field under it). */
export function expectFieldError(res: LightMyRequestResponse, field: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(
    Object.keys(json(res).errors ?? {}).some((k) => k.startsWith(field)),
    res.body,
  ).toBe(true);
}

export interface AdminWorld {
  t: TestApp;
  w: World;
  /** A member of organization A with no role (the organization's default keys only). */
  staff: Actor;
  owner: () => Actor;
  /** Rows of organization A in a table that has an organization_id. */
  rowsOf: (table: PgTable & { organizationId: Column }) => Promise<number>;
  auditCount: () => Promise<number>;
  /** The audit rows of one entity, oldest first. */
  auditOf: (entityId: string) => Promise<(typeof auditTrail.$inferSelect)[]>;
  /** Gives a member of organization A a new role holding exactly `keys`. */
  giveRole: (member: Actor, name: string, keys: string[]) => Promise<void>;
  /** Statements one GET sends (sign-in and organization look-ups included), and the rows it answered. */
  queriesOf: (url: string, query?: Record<string, string>) => Promise<{ n: number; rows: number }>;
}

export function useAdminWorld(): AdminWorld {
  let queries = 0;
  const t = {} as TestApp;
  const w = {} as World;
  const staff = {} as Actor;
  beforeAll(async () => {
    Object.assign(t, await createTestApp({}, { onQuery: () => void (queries += 1) }));
    Object.assign(w, await createWorld(t));
    Object.assign(staff, await addStaff(t, w.org));
  });
  afterAll(async () => {
    await t.close?.();
  });
  const owner = () => w.org.owner;
  return {
    t,
    w,
    staff,
    owner,
    rowsOf: async (table) => (await t.database.db.select({ n: count() }).from(table).where(eq(table.organizationId, w.org.id)))[0]!.n,
    auditCount: async () =>
      (await t.database.db.select({ n: count() }).from(auditTrail).where(eq(auditTrail.organizationId, w.org.id)))[0]!.n,
    auditOf: (entityId) =>
      t.database.db
        .select()
        .from(auditTrail)
        .where(and(eq(auditTrail.organizationId, w.org.id), eq(auditTrail.entityId, entityId)))
        .orderBy(auditTrail.id),
    giveRole: async (member, name, keys) => {
      const roleId = randomUUID();
      await t.database.db.insert(roles).values({ organizationId: w.org.id, id: roleId, name, permissionKeys: keys });
      await t.database.db
        .update(memberships)
        .set({ roleId })
        .where(and(eq(memberships.organizationId, w.org.id), eq(memberships.id, member.membershipId!)));
    },
    queriesOf: async (url, query = {}) => {
      queries = 0;
      const res = await call(t, owner(), 'GET', url, { query });
      expect(res.statusCode, res.body).toBe(200);
      return { n: queries, rows: (json(res).results as unknown[]).length };
    },
  };
}
