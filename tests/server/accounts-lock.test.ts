import { expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { describeServer, useTestApp } from '../helpers/test-app';
import { auditEvents, rows, snapshot } from '../helpers/db';
import { TEST_PASSWORD, createOwner, createSignedInUser } from '../factories/accounts';
import { hashToken } from '../../server/lib/access';

const LOCK = '/api/users/auth/lock-account/';
const UNLOCK = '/api/users/auth/unlock-account/';
const SESSION = '/api/users/auth/session/';

describeServer('POST /api/users/auth/lock-account/ and unlock-account/', () => {
  const t = useTestApp();
  const call = (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { cookie },
      ...(payload ? { payload } : {}),
    });

  it('locks the session: other calls answer 423 and the session hides personal data until unlocked', async () => {
    const owner = await createOwner(t);
    const lock = await call(owner.cookie, 'POST', LOCK);
    expect(lock.statusCode).toBe(200);
    expect(lock.json()).toEqual({ locked: true });

    const state = await call(owner.cookie, 'GET', SESSION);
    expect(state.statusCode).toBe(200);
    expect(state.json()).toEqual({
      user: null,
      locked: true,
      active_organization_id: owner.organizationId,
    });

    for (const [method, url, payload] of [
      ['GET', '/api/tenant-management/organizations/'],
      ['GET', '/api/tenant-management/organization/profile/settings/'],
      ['GET', '/api/tenant-management/organization-owner/profile/'],
      ['GET', '/api/therapist-management/my-memberships/'],
      ['PATCH', '/api/users/auth/profile/', { first_name: 'Mallory' }],
      ['PATCH', '/api/users/auth/change-email/', { new_email: 'x@example.test', password: TEST_PASSWORD }],
      ['POST', LOCK],
    ] as const) {
      const res = await call(owner.cookie, method, url, payload);
      expect({ url, status: res.statusCode }).toEqual({ url, status: 423 });
      expect(res.json().code).toBe('ACCOUNT_LOCKED');
    }
    const name = await rows(t.database.db, sql`SELECT first_name FROM users WHERE id = ${owner.id}`);
    expect(name[0]).toEqual({ first_name: 'Test' });

    const unlock = await call(owner.cookie, 'POST', UNLOCK, {
      password: TEST_PASSWORD,
    });
    expect(unlock.statusCode).toBe(200);
    expect(unlock.json()).toMatchObject({
      locked: false,
      user: { id: owner.id },
      active_organization_id: owner.organizationId,
    });
    expect((await call(owner.cookie, 'GET', '/api/tenant-management/organizations/')).statusCode).toBe(200);
    const events = (await auditEvents(t.database, owner.id)).map((e) => e.event);
    expect(events).toEqual(expect.arrayContaining(['account_locked', 'account_unlocked']));
  });

  it('counts wrong unlock passwords as field errors and ends the session at the fifth', async () => {
    const user = await createSignedInUser(t, 'THE');
    await call(user.cookie, 'POST', LOCK);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const res = await call(user.cookie, 'POST', UNLOCK, {
        password: `wrong-${attempt}`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ password: ['Wrong password.'] });
      expect(res.json().detail).toContain(`${5 - attempt}`);
    }
    const fifth = await call(user.cookie, 'POST', UNLOCK, {
      password: 'wrong-5',
    });
    expect(fifth.statusCode).toBe(401);
    expect(fifth.json().code).toBe('SESSION_EXPIRED');
    expect(fifth.cookies.find((c) => c.name === 'thera_sid')?.value).toBe('');
    expect((await call(user.cookie, 'GET', SESSION)).statusCode).toBe(401);
    const left = await rows(t.database.db, sql`SELECT id FROM auth_sessions WHERE user_id = ${user.id}`);
    expect(left).toHaveLength(0);
    const events = (await auditEvents(t.database, user.id)).map((e) => e.event);
    expect(events.filter((e) => e === 'unlock_failed')).toHaveLength(5);
    expect(events.at(-1)).toBe('session_ended_after_failed_unlocks');
  });

  it('resets the count after a successful unlock', async () => {
    const user = await createSignedInUser(t, 'THE');
    await call(user.cookie, 'POST', LOCK);
    for (let i = 0; i < 4; i += 1) {
      await call(user.cookie, 'POST', UNLOCK, { password: 'wrong' });
    }
    expect((await call(user.cookie, 'POST', UNLOCK, { password: TEST_PASSWORD })).statusCode).toBe(200);
    await call(user.cookie, 'POST', LOCK);
    expect((await call(user.cookie, 'POST', UNLOCK, { password: 'wrong' })).statusCode).toBe(400);
    expect((await call(user.cookie, 'GET', SESSION)).statusCode).toBe(200);
  });

  it('locks only the session that asked: the same user elsewhere and other users carry on', async () => {
    const user = await createSignedInUser(t, 'THE');
    const other = await createSignedInUser(t, 'THE');
    const secondDevice = (
      await t.app.inject({
        method: 'POST',
        url: '/api/users/auth/login/',
        payload: { email: user.email, password: TEST_PASSWORD },
      })
    ).cookies.find((c) => c.name === 'thera_sid')!.value;
    await call(user.cookie, 'POST', LOCK);
    expect((await call(`thera_sid=${secondDevice}`, 'GET', '/api/tenant-management/organizations/')).statusCode).toBe(200);
    expect((await call(other.cookie, 'GET', '/api/tenant-management/organizations/')).statusCode).toBe(200);
    const locked = await rows<{ id: string }>(
      t.database.db,
      sql`SELECT id FROM auth_sessions WHERE is_locked AND user_id IN (${user.id}, ${other.id})`,
    );
    expect(locked.map((r) => r.id)).toEqual([hashToken(user.cookie.split('=')[1]!)]);
  });

  it('refuses a missing unlock password with 400, without counting it', async () => {
    const user = await createSignedInUser(t, 'THE');
    await call(user.cookie, 'POST', LOCK);
    const before = await snapshot(t.database);
    const res = await call(user.cookie, 'POST', UNLOCK, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.password).toBeDefined();
    expect(await snapshot(t.database)).toEqual(before);
  });

  it('refuses an unreadable lock body with 400, leaving the session unlocked', async () => {
    const user = await createSignedInUser(t, 'THE');
    const before = await snapshot(t.database);
    const res = await t.app.inject({
      method: 'POST',
      url: LOCK,
      headers: { cookie: user.cookie, 'content-type': 'application/json' },
      payload: '[',
    });
    expect(res.statusCode).toBe(400);
    expect(await snapshot(t.database)).toEqual(before);
  });

  it('answers unlock on an unlocked session with its state and changes nothing', async () => {
    const user = await createSignedInUser(t, 'THE');
    const before = await snapshot(t.database);
    const res = await call(user.cookie, 'POST', UNLOCK, {
      password: 'anything',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ locked: false, user: { id: user.id } });
    expect(await snapshot(t.database)).toEqual(before);
  });

  it('answers 401 to lock and unlock without a session', async () => {
    expect((await t.app.inject({ method: 'POST', url: LOCK })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: UNLOCK,
          payload: { password: 'x' },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describeServer('session expiry', () => {
  const t = useTestApp();

  it(`ends a session idle for longer than SESSION_IDLE_MINUTES`, async () => {
    const user = await createSignedInUser(t, 'THE');
    const id = hashToken(user.cookie.split('=')[1]!);
    const idle = t.config.SESSION_IDLE_MINUTES;
    await t.database.db.execute(sql`UPDATE auth_sessions SET last_seen_at = now() - make_interval(mins => ${idle - 1}) WHERE id = ${id}`);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: SESSION,
          headers: { cookie: user.cookie },
        })
      ).statusCode,
    ).toBe(200);
    // That call touched last_seen_at (older than a minute), so it starts over from now.
    await t.database.db.execute(sql`UPDATE auth_sessions SET last_seen_at = now() - make_interval(mins => ${idle + 1}) WHERE id = ${id}`);
    const res = await t.app.inject({
      method: 'GET',
      url: SESSION,
      headers: { cookie: user.cookie },
    });
    expect(res.statusCode).toBe(401);
    expect(await rows(t.database.db, sql`SELECT 1 FROM auth_sessions WHERE id = ${id}`)).toHaveLength(0);
  });

  it('ends a session past its absolute lifetime even while in use', async () => {
    const user = await createSignedInUser(t, 'THE');
    const id = hashToken(user.cookie.split('=')[1]!);
    await t.database.db.execute(sql`UPDATE auth_sessions SET expires_at = now() + interval '1 minute' WHERE id = ${id}`);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: SESSION,
          headers: { cookie: user.cookie },
        })
      ).statusCode,
    ).toBe(200);
    await t.database.db.execute(
      sql`UPDATE auth_sessions SET expires_at = now() - interval '1 second', last_seen_at = now() WHERE id = ${id}`,
    );
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: SESSION,
          headers: { cookie: user.cookie },
        })
      ).statusCode,
    ).toBe(401);
    expect(await rows(t.database.db, sql`SELECT 1 FROM auth_sessions WHERE id = ${id}`)).toHaveLength(0);
  });
});
