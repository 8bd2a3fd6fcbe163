import { expect, it } from 'vitest';
import { describeServer, useTestApp } from '../helpers/test-app';
import { auditEvents } from '../helpers/db';
import { TEST_PASSWORD, createSignedInUser, createUser, sessionCookie } from '../factories/accounts';

const LOGIN = '/api/users/auth/login/';
const LOCK = '/api/users/auth/lock-account/';
const SESSION = '/api/users/auth/session/';

/**
 * A device signs in only after a sign-out, and a sign-out made offline may not have reached the
 * server yet: the sign-in form then sends the old cookie. That old session must end with the new
 * sign-in (whoever signs in, right password or wrong), so the previous person is never signed back in.
 */
describeServer('POST /api/users/auth/login/ ends the session presented with it', () => {
  const t = useTestApp();
  const sessionStatus = async (cookie: string) => (await t.app.inject({ method: 'GET', url: SESSION, headers: { cookie } })).statusCode;
  const login = (cookie: string, email: string, password = TEST_PASSWORD) =>
    t.app.inject({ method: 'POST', url: LOGIN, headers: { cookie }, payload: { email, password } });

  it("another person's sign-in on the same client ends the old cookie's session", async () => {
    const therapistA = await createSignedInUser(t, 'THE');
    const therapistB = await createUser(t, { userType: 'THE' });
    expect(await sessionStatus(therapistA.cookie)).toBe(200);

    const res = await login(therapistA.cookie, therapistB.email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: { id: therapistB.id } });

    expect(await sessionStatus(therapistA.cookie)).toBe(401);
    expect(await sessionStatus(sessionCookie(res))).toBe(200);
    expect((await auditEvents(t.database, therapistA.id)).at(-1)).toMatchObject({
      event: 'sign_out',
      detail: { reason: 'signed_in_again' },
    });
  });

  it('a sign-in with a wrong password still ends the old session, and signs nobody in', async () => {
    const therapistA = await createSignedInUser(t, 'THE');
    const therapistB = await createUser(t, { userType: 'THE' });

    const res = await login(therapistA.cookie, therapistB.email, 'not the password at all');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(res.cookies.find((c) => c.name === 'thera_sid')?.value ?? '').toBe('');

    expect(await sessionStatus(therapistA.cookie)).toBe(401);
  });

  it('a locked session ends too', async () => {
    const therapistA = await createSignedInUser(t, 'THE');
    const therapistB = await createUser(t, { userType: 'THE' });
    expect((await t.app.inject({ method: 'POST', url: LOCK, headers: { cookie: therapistA.cookie } })).statusCode).toBe(200);

    expect((await login(therapistA.cookie, therapistB.email)).statusCode).toBe(200);
    expect(await sessionStatus(therapistA.cookie)).toBe(401);
  });

  it("a sign-in without a cookie leaves everyone else's sessions alone", async () => {
    const therapistA = await createSignedInUser(t, 'THE');
    const therapistB = await createUser(t, { userType: 'THE' });

    const res = await t.app.inject({ method: 'POST', url: LOGIN, payload: { email: therapistB.email, password: TEST_PASSWORD } });
    expect(res.statusCode).toBe(200);
    expect(await sessionStatus(therapistA.cookie)).toBe(200);
  });
});
