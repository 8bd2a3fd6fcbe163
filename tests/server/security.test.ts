import { expect, it } from 'vitest';
import { describeServer, createTestApp, useTestApp } from '../helpers/test-app';
import { snapshot } from '../helpers/db';
import { TEST_PASSWORD, createSignedInUser, createUser, uniqueEmail } from '../factories/accounts';

const LOGIN = '/api/users/auth/login/';
const REGISTER = '/api/users/auth/register/';
const UNLOCK = '/api/users/auth/unlock-account/';

describeServer('request hygiene', () => {
  const t = useTestApp();

  it('refuses a state-changing request from a foreign Origin with 403, writing nothing', async () => {
    const user = await createUser(t, { userType: 'THE' });
    const before = await snapshot(t.database);
    const res = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      headers: { origin: 'https://evil.example' },
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FOREIGN_ORIGIN' });
    expect(res.cookies).toHaveLength(0);
    expect(await snapshot(t.database)).toEqual(before);
  });

  it('accepts the public origin and answers reads whatever the Origin', async () => {
    const user = await createSignedInUser(t, 'THE');
    const same = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      headers: { origin: new URL(t.config.PUBLIC_ORIGIN).origin },
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(same.statusCode).toBe(200);
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/users/auth/session/',
      headers: { origin: 'https://evil.example', cookie: user.cookie },
    });
    expect(read.statusCode).toBe(200);
  });

  it('refuses a body over the size limit with 413, writing nothing', async () => {
    const before = await snapshot(t.database);
    const res = await t.app.inject({
      method: 'POST',
      url: REGISTER,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        email: uniqueEmail(),
        password: TEST_PASSWORD,
        first_name: 'x'.repeat(t.config.BODY_LIMIT_BYTES),
        last_name: 'y',
        user_type: 'THE',
      }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(await snapshot(t.database)).toEqual(before);
  });

  it('answers a non-JSON body with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      headers: { 'content-type': 'application/xml' },
      payload: '<email>a</email>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers unknown API paths with 404 in the one error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', detail: 'Not found.' });
  });

  it('accepts paths with or without the trailing slash', async () => {
    const user = await createSignedInUser(t, 'THE');
    for (const url of ['/api/users/auth/session', '/api/users/auth/session/']) {
      expect((await t.app.inject({ method: 'GET', url, headers: { cookie: user.cookie } })).statusCode).toBe(200);
    }
  });

  it('sends security headers (CSP, no framing, no sniffing)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describeServer('server errors', () => {
  it('answers 500 without internals when the database is gone', async () => {
    const t = await createTestApp();
    try {
      const user = await createSignedInUser(t, 'THE');
      await t.database.close();
      for (const request of [
        { method: 'GET' as const, url: '/api/users/auth/session/', headers: { cookie: user.cookie } },
        { method: 'POST' as const, url: LOGIN, payload: { email: user.email, password: TEST_PASSWORD } },
      ]) {
        const res = await t.app.inject(request);
        expect(res.statusCode).toBe(500);
        expect(res.json()).toEqual({
          detail: 'Something went wrong on our side.',
          error: 'Something went wrong on our side.',
          code: 'INTERNAL',
        });
        expect(res.body).not.toMatch(/stack|select|pglite|pool|at \w+ \(/i);
      }
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
    } finally {
      await t.app.close();
    }
  });
});

describeServer('rate limits on sign-in, registration and unlock', () => {
  const LIMIT = 3;
  const t = useTestApp({ RATE_LIMIT_AUTH_PER_MINUTE: LIMIT });
  let address = 0;
  const nextAddress = () => `10.0.${Math.floor(++address / 250)}.${address % 250}`;

  const expectLimited = (res: Awaited<ReturnType<typeof t.app.inject>>) => {
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      code: 'RATE_LIMITED',
      detail: 'Too many attempts. Wait a minute and try again.',
      error: 'Too many attempts. Wait a minute and try again.',
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  };

  it('limits sign-in attempts per address, whatever the account', async () => {
    const ip = nextAddress();
    for (let i = 0; i < LIMIT; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: LOGIN,
        remoteAddress: ip,
        payload: { email: uniqueEmail(), password: 'wrong-password' },
      });
      expect(res.statusCode).toBe(401);
    }
    expectLimited(await t.app.inject({ method: 'POST', url: LOGIN, remoteAddress: ip, payload: { email: uniqueEmail(), password: 'x' } }));
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      remoteAddress: nextAddress(),
      payload: { email: uniqueEmail(), password: 'x' },
    });
    expect(elsewhere.statusCode).toBe(401);
  });

  it('limits sign-in attempts per account, whatever the address', async () => {
    const user = await createUser(t, { userType: 'THE' });
    for (let i = 0; i < LIMIT; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: LOGIN,
        remoteAddress: nextAddress(),
        payload: { email: user.email, password: 'wrong-password' },
      });
      expect(res.statusCode).toBe(401);
    }
    // Even the right password waits: the account is being guessed at.
    const res = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      remoteAddress: nextAddress(),
      payload: { email: user.email.toUpperCase(), password: TEST_PASSWORD },
    });
    expectLimited(res);
    expect(res.cookies).toHaveLength(0);
  });

  it('limits registrations per address', async () => {
    const ip = nextAddress();
    const body = () => ({ email: uniqueEmail(), password: TEST_PASSWORD, first_name: 'R', last_name: 'L', user_type: 'PAR' });
    for (let i = 0; i < LIMIT; i += 1) {
      expect((await t.app.inject({ method: 'POST', url: REGISTER, remoteAddress: ip, payload: body() })).statusCode).toBe(201);
    }
    const before = await snapshot(t.database);
    expectLimited(await t.app.inject({ method: 'POST', url: REGISTER, remoteAddress: ip, payload: body() }));
    expect(await snapshot(t.database)).toEqual(before);
  });

  it('limits unlock attempts per account, whatever the address', async () => {
    const user = await createUser(t, { userType: 'THE' });
    const login = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      remoteAddress: nextAddress(),
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    const cookie = `thera_sid=${login.cookies.find((c) => c.name === 'thera_sid')!.value}`;
    await t.app.inject({ method: 'POST', url: '/api/users/auth/lock-account/', headers: { cookie } });
    for (let i = 0; i < LIMIT; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: UNLOCK,
        remoteAddress: nextAddress(),
        headers: { cookie },
        payload: { password: 'wrong' },
      });
      expect(res.statusCode).toBe(400);
    }
    expectLimited(
      await t.app.inject({
        method: 'POST',
        url: UNLOCK,
        remoteAddress: nextAddress(),
        headers: { cookie },
        payload: { password: TEST_PASSWORD },
      }),
    );
  });
});
