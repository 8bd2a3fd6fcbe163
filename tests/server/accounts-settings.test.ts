import { expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { describeServer, useTestApp } from '../helpers/test-app';
import { auditEvents, rows, snapshot } from '../helpers/db';
import { TEST_PASSWORD, createSignedInUser, createUser, sessionCookie, signIn, uniqueEmail } from '../factories/accounts';

const CHANGE_PASSWORD = '/api/users/auth/change-password/';
const CHANGE_EMAIL = '/api/users/auth/change-email/';
const PROFILE = '/api/users/auth/profile/';
const SESSION = '/api/users/auth/session/';
const NEW_PASSWORD = 'silver-orchard-tuesday-77';

describeServer('PATCH /api/users/auth/change-password/', () => {
  const t = useTestApp();

  it('changes the password, ends every other session and rotates the current one', async () => {
    const user = await createUser(t, { userType: 'THE' });
    const current = await signIn(t, user.email);
    const otherDevice = await signIn(t, user.email);
    const res = await t.app.inject({
      method: 'PATCH',
      url: CHANGE_PASSWORD,
      headers: { cookie: current },
      payload: { old_password: TEST_PASSWORD, new_password: NEW_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const rotated = sessionCookie(res);
    expect(rotated).not.toBe(current);
    const status = async (cookie: string) => (await t.app.inject({ method: 'GET', url: SESSION, headers: { cookie } })).statusCode;
    expect(await status(otherDevice)).toBe(401);
    expect(await status(current)).toBe(401);
    expect(await status(rotated)).toBe(200);
    const sessions = await rows(t.database.db, sql`SELECT id FROM auth_sessions WHERE user_id = ${user.id}`);
    expect(sessions).toHaveLength(1);

    const oldLogin = await t.app.inject({
      method: 'POST',
      url: '/api/users/auth/login/',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(oldLogin.statusCode).toBe(401);
    await signIn(t, user.email, NEW_PASSWORD);
    const events = (await auditEvents(t.database, user.id)).map((e) => e.event);
    expect(events).toContain('password_changed');
    const changed = (await auditEvents(t.database, user.id)).find((e) => e.event === 'password_changed')!;
    expect(changed.detail).toEqual({ other_sessions_ended: 1 });
  });

  it('refuses a wrong old password as a field error (a 401 would sign the client out), writing nothing', async () => {
    const user = await createSignedInUser(t, 'THE');
    const before = await snapshot(t.database);
    const res = await t.app.inject({
      method: 'PATCH',
      url: CHANGE_PASSWORD,
      headers: { cookie: user.cookie },
      payload: {
        old_password: 'wrong-password-here',
        new_password: NEW_PASSWORD,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      old_password: ['The password is wrong.'],
    });
    expect(await snapshot(t.database)).toEqual(before);
  });

  it.each([
    ['a short new password', { new_password: 'short' }, 'new_password', undefined],
    ['a common new password', { new_password: 'iloveyou123' }, 'new_password', ['This password is too common. Choose another.']],
    ['a missing old password', { old_password: undefined }, 'old_password', undefined],
  ])('refuses %s with 400 and field errors, writing nothing', async (_label, patch, field, messages) => {
    const user = await createSignedInUser(t, 'THE');
    const before = await snapshot(t.database);
    const res = await t.app.inject({
      method: 'PATCH',
      url: CHANGE_PASSWORD,
      headers: { cookie: user.cookie },
      payload: {
        old_password: TEST_PASSWORD,
        new_password: NEW_PASSWORD,
        ...patch,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBeDefined();
    if (messages) {
      expect(res.json().errors[field]).toEqual(messages);
    }
    expect(await snapshot(t.database)).toEqual(before);
  });

  it("changes only the caller's password and leaves other users signed in", async () => {
    const a = await createSignedInUser(t, 'THE');
    const b = await createSignedInUser(t, 'THE');
    const hashB = async () => (await rows(t.database.db, sql`SELECT password_hash FROM users WHERE id = ${b.id}`))[0];
    const before = await hashB();
    const res = await t.app.inject({
      method: 'PATCH',
      url: CHANGE_PASSWORD,
      headers: { cookie: a.cookie },
      payload: { old_password: TEST_PASSWORD, new_password: NEW_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(await hashB()).toEqual(before);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: SESSION,
          headers: { cookie: b.cookie },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: CHANGE_PASSWORD,
      payload: { old_password: 'x', new_password: NEW_PASSWORD },
    });
    expect(res.statusCode).toBe(401);
  });
});

describeServer('PATCH /api/users/auth/change-email/', () => {
  const t = useTestApp();

  it('changes the e-mail after the password check and audits it', async () => {
    const user = await createSignedInUser(t, 'PAR');
    const email = uniqueEmail('moved');
    const res = await t.app.inject({
      method: 'PATCH',
      url: CHANGE_EMAIL,
      headers: { cookie: user.cookie },
      payload: { new_email: email.toUpperCase(), password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, email });
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: SESSION,
          headers: { cookie: user.cookie },
        })
      ).json().user.email,
    ).toBe(email);
    await signIn(t, email);
    expect((await auditEvents(t.database, user.id)).map((e) => e.event)).toContain('email_changed');
  });

  it('answers 409 EMAIL_TAKEN for an address another account uses, writing nothing', async () => {
    const user = await createSignedInUser(t, 'PAR');
    const other = await createUser(t, { userType: 'THE' });
    const before = await snapshot(t.database);
    const res = await t.app.inject({
      method: 'PATCH',
      url: CHANGE_EMAIL,
      headers: { cookie: user.cookie },
      payload: { new_email: other.email, password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'EMAIL_TAKEN',
      detail: 'An account with this e-mail already exists.',
    });
    expect(await snapshot(t.database)).toEqual(before);
  });

  it.each([
    ['a malformed e-mail', { new_email: 'nope' }, 'new_email'],
    ['a missing password', { password: undefined }, 'password'],
    ['a wrong password', { password: 'definitely-wrong' }, 'password'],
  ])('refuses %s with 400 and field errors, writing nothing', async (_label, patch, field) => {
    const user = await createSignedInUser(t, 'PAR');
    const before = await snapshot(t.database);
    const res = await t.app.inject({
      method: 'PATCH',
      url: CHANGE_EMAIL,
      headers: { cookie: user.cookie },
      payload: {
        new_email: uniqueEmail('new'),
        password: TEST_PASSWORD,
        ...patch,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBeDefined();
    expect(await snapshot(t.database)).toEqual(before);
  });

  it("changes only the caller's own account", async () => {
    const a = await createSignedInUser(t, 'PAR');
    const b = await createSignedInUser(t, 'PAR');
    const email = uniqueEmail('a-new');
    await t.app.inject({
      method: 'PATCH',
      url: CHANGE_EMAIL,
      headers: { cookie: a.cookie },
      payload: { new_email: email, password: TEST_PASSWORD },
    });
    const found = await rows<{ id: string; email: string }>(t.database.db, sql`SELECT id, email FROM users WHERE id IN (${a.id}, ${b.id})`);
    expect(Object.fromEntries(found.map((r) => [r.id, r.email]))).toEqual({
      [a.id]: email,
      [b.id]: b.email,
    });
  });
});

describeServer('PATCH /api/users/auth/profile/', () => {
  const t = useTestApp();

  it('updates name and phone, and the session user shows the change', async () => {
    for (const userType of ['ORG', 'THE', 'STU', 'PAR'] as const) {
      const user = await createSignedInUser(t, userType);
      const res = await t.app.inject({
        method: 'PATCH',
        url: PROFILE,
        headers: { cookie: user.cookie },
        payload: {
          first_name: ' Grace ',
          last_name: 'Hopper',
          phone_number: '+1 555 0100',
        },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: user.id,
        first_name: 'Grace',
        last_name: 'Hopper',
        phone_number: '+1 555 0100',
      });
      const session = (
        await t.app.inject({
          method: 'GET',
          url: SESSION,
          headers: { cookie: user.cookie },
        })
      ).json();
      expect(session.user).toMatchObject({
        first_name: 'Grace',
        last_name: 'Hopper',
        phone_number: '+1 555 0100',
      });
    }
  });

  it('changes only the fields sent', async () => {
    const user = await createSignedInUser(t, 'THE');
    const res = await t.app.inject({
      method: 'PATCH',
      url: PROFILE,
      headers: { cookie: user.cookie },
      payload: { last_name: 'Only' },
    });
    expect(res.json()).toMatchObject({ first_name: 'Test', last_name: 'Only' });
  });

  it.each([
    ['an empty first name', { first_name: '' }, 'first_name'],
    ['a phone number over 40 characters', { phone_number: '1'.repeat(41) }, 'phone_number'],
    ['a last name over 120 characters', { last_name: 'x'.repeat(121) }, 'last_name'],
  ])('refuses %s with 400 and field errors, writing nothing', async (_label, payload, field) => {
    const user = await createSignedInUser(t, 'THE');
    const before = await snapshot(t.database);
    const res = await t.app.inject({
      method: 'PATCH',
      url: PROFILE,
      headers: { cookie: user.cookie },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBeDefined();
    expect(await snapshot(t.database)).toEqual(before);
  });

  it("changes only the caller's own profile", async () => {
    const a = await createSignedInUser(t, 'THE');
    const b = await createSignedInUser(t, 'THE');
    await t.app.inject({
      method: 'PATCH',
      url: PROFILE,
      headers: { cookie: a.cookie },
      payload: { first_name: 'Changed' },
    });
    const found = await rows<{ id: string; first_name: string }>(
      t.database.db,
      sql`SELECT id, first_name FROM users WHERE id IN (${a.id}, ${b.id})`,
    );
    expect(Object.fromEntries(found.map((r) => [r.id, r.first_name]))).toEqual({
      [a.id]: 'Changed',
      [b.id]: 'Test',
    });
  });
});
