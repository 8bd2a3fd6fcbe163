import { expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { describeServer, useTestApp } from '../helpers/test-app';
import { auditEvents, snapshot } from '../helpers/db';
import { TEST_PASSWORD, createUser, sessionCookie, uniqueEmail } from '../factories/accounts';

const URL = '/api/users/auth/register/';

describeServer('POST /api/users/auth/register/', () => {
  const t = useTestApp();

  const ownerBody = (email = uniqueEmail('owner')) => ({
    email,
    password: TEST_PASSWORD,
    first_name: 'Ada',
    last_name: 'Owner',
    phone_number: '+49 30 1234',
    user_type: 'ORG',
    organization: { name: 'Harbor Clinic', kind: 'clinic', timezone: 'Europe/Berlin' },
  });

  it('creates an owner with a new organization, signs in and answers 201', async () => {
    const body = ownerBody();
    const res = await t.app.inject({ method: 'POST', url: URL, payload: body });
    expect(res.statusCode).toBe(201);
    const state = res.json();
    expect(state.locked).toBe(false);
    expect(state.user).toMatchObject({ email: body.email, user_type: 'ORG', first_name: 'Ada', phone_number: '+49 30 1234', current_usage: null });
    const org = (await t.database.db.execute<{ id: string; code: string; owner_user_id: string; name: string }>(
      sql`SELECT id, code, owner_user_id, name FROM organizations WHERE owner_user_id = ${state.user.id}`,
    )).rows;
    expect(org).toHaveLength(1);
    expect(org[0]!.name).toBe('Harbor Clinic');
    expect(org[0]!.code).toMatch(/^[A-Z2-9]{6}$/);
    expect(state.active_organization_id).toBe(org[0]!.id);

    const session = await t.app.inject({ method: 'GET', url: '/api/users/auth/session/', headers: { cookie: sessionCookie(res) } });
    expect(session.statusCode).toBe(200);
    expect(session.json().user.id).toBe(state.user.id);
    expect((await auditEvents(t.database, state.user.id)).map((e) => e.event)).toEqual(['registered']);
  });
});
