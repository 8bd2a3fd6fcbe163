import { expect } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../server/db/schema/accounts';
import type { UserId } from '../../server/lib/ids';
import type { SignedInUser } from '../factories/accounts';
import { rows } from './db';
import type { TestApp } from './test-app';

export const T = '/api/tenant-management';
export const MINE = '/api/therapist-management/my-invitations/';

type Method = 'GET' | 'POST';

export async function send(t: TestApp, who: { cookie: string }, method: Method, url: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
}

export async function therapistCodeOf(t: TestApp, userId: UserId): Promise<string> {
  const [row] = await t.database.db.select({ code: users.therapistCode }).from(users).where(eq(users.id, userId));
  return row!.code!;
}

/** The owner invites: the organization named in the body, acted in through the query. */
export function invite(t: TestApp, owner: SignedInUser, body: Record<string, unknown>) {
  return send(t, owner, 'POST', `${T}/invitations/?organization_id=${owner.organizationId}`, {
    organization_code: owner.organizationCode,
    ...body,
  });
}

/** Invites by code and answers the invitation's token. */
export async function invitedByCode(t: TestApp, owner: SignedInUser, therapist: { id: UserId }, body: Record<string, unknown> = {}) {
  const res = await invite(t, owner, { therapist_code: await therapistCodeOf(t, therapist.id), ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ token: string }>().token;
}

/** An organization call on one invitation (cancel, archive, unarchive). */
export function onInvitation(t: TestApp, who: SignedInUser, token: string, move: string, organizationId = who.organizationId) {
  return send(t, who, 'POST', `${T}/invitations/${token}/${move}/?organization_id=${organizationId}`);
}

export async function invitationRows(t: TestApp, organizationId: string) {
  return rows<{ status: string; is_archived: boolean }>(
    t.database.db,
    sql`SELECT status, is_archived FROM invitations WHERE organization_id = ${organizationId} ORDER BY created_at`,
  );
}

export async function trailOf(t: TestApp, organizationId: string, entity: string) {
  return rows<{ call: string; action: string; changes: Record<string, unknown> }>(
    t.database.db,
    sql`SELECT call, action, changes FROM audit_trail WHERE organization_id = ${organizationId} AND entity = ${entity} ORDER BY id`,
  );
}
