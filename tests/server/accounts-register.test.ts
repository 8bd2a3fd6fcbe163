import { expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { describeServer, useTestApp } from '../helpers/test-app';
import { auditEvents, rows, snapshot } from '../helpers/db';
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
    organization: {
      name: 'Harbor Clinic',
      kind: 'clinic',
      timezone: 'Europe/Berlin',
    },
  });

  it('creates an owner with a new organization, signs in and answers 201', async () => {
    const body = ownerBody();
    const res = await t.app.inject({ method: 'POST', url: URL, payload: body });
    expect(res.statusCode).toBe(201);
    const state = res.json();
    expect(state.locked).toBe(false);
    expect(state.user).toMatchObject({
      email: body.email,
      user_type: 'ORG',
      first_name: 'Ada',
      phone_number: '+49 30 1234',
      current_usage: null,
    });
    const org = await rows<{
      id: string;
      code: string;
      owner_user_id: string;
      name: string;
    }>(t.database.db, sql`SELECT id, code, owner_user_id, name FROM organizations WHERE owner_user_id = ${state.user.id}`);
    expect(org).toHaveLength(1);
    expect(org[0]!.name).toBe('Harbor Clinic');
    expect(org[0]!.code).toMatch(/^[A-Z2-9]{6}$/);
    expect(state.active_organization_id).toBe(org[0]!.id);

    const session = await t.app.inject({
      method: 'GET',
      url: '/api/users/auth/session/',
      headers: { cookie: sessionCookie(res) },
    });
    expect(session.statusCode).toBe(200);
    expect(session.json().user.id).toBe(state.user.id);
    expect((await auditEvents(t.database, state.user.id)).map((e) => e.event)).toEqual(['registered']);
  });

  it('registers a therapist, parent or student without an organization', async () => {
    for (const userType of ['THE', 'PAR', 'STU'] as const) {
      const email = uniqueEmail(userType);
      const res = await t.app.inject({
        method: 'POST',
        url: URL,
        payload: {
          email,
          password: TEST_PASSWORD,
          first_name: 'Sam',
          last_name: 'Lee',
          user_type: userType,
        },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        user: { email, user_type: userType, phone_number: '' },
        active_organization_id: null,
        locked: false,
      });
      const owned = await rows(
        t.database.db,
        sql`SELECT 1 FROM organizations o JOIN users u ON u.id = o.owner_user_id WHERE u.email = ${email}`,
      );
      expect(owned).toHaveLength(0);
    }
  });

  it('stores the e-mail trimmed and lower-cased and the password only as an argon2id hash', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: URL,
      payload: { ...ownerBody(), email: 'Mixed.Case@Example.TEST' },
    });
    expect(res.statusCode).toBe(201);
    const row = (
      await rows<{ email: string; password_hash: string }>(
        t.database.db,
        sql`SELECT email, password_hash FROM users WHERE id = ${res.json().user.id}`,
      )
    )[0]!;
    expect(row.email).toBe('mixed.case@example.test');
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.password_hash).not.toContain(TEST_PASSWORD);
  });

  it.each([
    ['a malformed e-mail', { email: 'not-an-email' }, 'email'],
    ['a short password', { password: 'short' }, 'password'],
    ['a password over 128 characters', { password: 'x'.repeat(129) }, 'password'],
    ['an empty first name', { first_name: '   ' }, 'first_name'],
    ['an unknown user type', { user_type: 'ADMIN' }, 'user_type'],
    ['an owner without an organization', { organization: undefined }, 'organization'],
    ['an organization of an unknown kind', { organization: { name: 'X', kind: 'spa', timezone: 'UTC' } }, 'organization.kind'],
    ['an unknown time zone', { organization: { name: 'X', kind: 'clinic', timezone: 'Mars/Olympus' } }, 'organization.timezone'],
  ])('refuses %s with 400 and field errors, writing nothing', async (_label, patch, field) => {
    const before = await snapshot(t.database);
    const res = await t.app.inject({
      method: 'POST',
      url: URL,
      payload: { ...ownerBody(), ...patch },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.errors[field]?.length).toBeGreaterThan(0);
    expect(body.error).toBe(body.detail);
    expect(res.cookies.find((c) => c.name === 'thera_sid')).toBeUndefined();
    expect(await snapshot(t.database)).toEqual(before);
  });

  it('refuses a common password with the field error the form shows', async () => {
    const before = await snapshot(t.database);
    const res = await t.app.inject({
      method: 'POST',
      url: URL,
      payload: { ...ownerBody(), password: 'Password123' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      password: ['This password is too common. Choose another.'],
    });
    expect(await snapshot(t.database)).toEqual(before);
  });

  it('refuses an e-mail that already has an account, in any letter case', async () => {
    const existing = await createUser(t, { userType: 'PAR' });
    const before = await snapshot(t.database);
    const res = await t.app.inject({
      method: 'POST',
      url: URL,
      payload: { ...ownerBody(), email: existing.email.toUpperCase() },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      error: 'An account with this e-mail already exists.',
      errors: { email: ['An account with this e-mail already exists.'] },
    });
    expect(await snapshot(t.database)).toEqual(before);
  });

  it('ends the session the browser presented: registering signs in afresh', async () => {
    const first = await t.app.inject({ method: 'POST', url: URL, payload: ownerBody() });
    const old = sessionCookie(first);
    const second = await t.app.inject({ method: 'POST', url: URL, headers: { cookie: old }, payload: ownerBody() });
    expect(second.statusCode).toBe(201);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/auth/session/', headers: { cookie: old } })).statusCode).toBe(401);
    const fresh = await t.app.inject({ method: 'GET', url: '/api/users/auth/session/', headers: { cookie: sessionCookie(second) } });
    expect(fresh.json().user.id).toBe(second.json().user.id);
  });

  it('gives every organization its own short code', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 5; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: URL,
        payload: ownerBody(),
      });
      const id = res.json().active_organization_id as string;
      const row = (await rows<{ code: string }>(t.database.db, sql`SELECT code FROM organizations WHERE id = ${id}`))[0]!;
      codes.add(row.code);
    }
    expect(codes.size).toBe(5);
  });
});
