import { expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { describeServer, useTestApp, type TestApp } from '../helpers/test-app';
import { createOwner, createUser, signIn, uniqueEmail } from '../factories/accounts';
import { asOwner } from '../helpers/system-context';
import { createRole } from '../../server/features/roles/service';
import { invite, invitedByCode, onInvitation, send, T } from '../helpers/invitations-fixtures';

const previewUrl = (token: string) => `/api/therapist-management/invitations/${token}/preview/`;
const preview = (t: TestApp, token: string, remoteAddress?: string) =>
  t.app.inject({ method: 'GET', url: previewUrl(token), ...(remoteAddress ? { remoteAddress } : {}) });

async function invitedByEmail(t: TestApp, owner: Awaited<ReturnType<typeof createOwner>>, body: Record<string, unknown> = {}) {
  const email = uniqueEmail('invitee');
  const res = await invite(t, owner, { email, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return { email, token: res.json<{ token: string }>().token };
}

describeServer("an invitation's public preview", () => {
  const t = useTestApp();

  it('answers who invites to what and the address, and nothing else of the organization, without sign-in', async () => {
    const owner = await createOwner(t, { organizationName: 'Harbor Speech Clinic' });
    const role = await asOwner(t.database, owner.organizationId!, (ctx) =>
      createRole(ctx, { name: 'Lead therapist', permission_keys: ['members.view'] }),
    );
    const { email, token } = await invitedByEmail(t, owner, { role_id: role.id, message: 'Private note for the invitee' });

    const res = await preview(t, token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    // Exactly these fields: no ids, codes, departments, message or token of the organization's.
    expect(body).toEqual({
      status: 'pending',
      organization: { name: 'Harbor Speech Clinic', kind: 'clinic' },
      invited_by: { first_name: expect.any(String), last_name: expect.any(String) },
      role_name: 'Lead therapist',
      email,
      has_account: false,
      expires_at: expect.any(String),
      answered_at: null,
    });
    expect(res.body).not.toContain(owner.organizationId!);
    expect(res.body).not.toContain(owner.organizationCode!);
    expect(res.body).not.toContain(owner.email);
  });

  it('says an account holds the address when the invitee can sign in instead', async () => {
    const owner = await createOwner(t);
    const robin = await createUser(t, { userType: 'THE' });
    const token = await invitedByCode(t, owner, robin);
    expect((await preview(t, token)).json()).toMatchObject({
      status: 'pending',
      has_account: true,
      email: robin.email,
      role_name: 'Therapist',
    });
  });

  it('answers a wrong or malformed token "not found"', async () => {
    const wrong = await preview(t, 'A'.repeat(43));
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toMatchObject({ code: 'NOT_FOUND', detail: 'Invitation not found.' });
    expect((await preview(t, 'x'.repeat(101))).statusCode).toBe(400);
  });

  it('tells an expired, withdrawn or accepted invitation apart, and no longer gives its address', async () => {
    const owner = await createOwner(t);
    const expired = await invitedByEmail(t, owner);
    await t.database.db.execute(sql`UPDATE invitations SET expires_at = now() - interval '1 day' WHERE token = ${expired.token}`);
    expect((await preview(t, expired.token)).json()).toMatchObject({ status: 'expired', email: null, has_account: false });

    const withdrawn = await invitedByEmail(t, owner);
    expect((await onInvitation(t, owner, withdrawn.token, 'cancel')).statusCode).toBe(200);
    expect((await preview(t, withdrawn.token)).json()).toMatchObject({ status: 'cancelled', email: null });

    const robin = await createUser(t, { userType: 'THE' });
    const token = await invitedByCode(t, owner, robin);
    const accepted = await send(t, { cookie: await signIn(t, robin.email) }, 'POST', `${T}/invitations/${token}/accept/`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await preview(t, token)).json()).toMatchObject({
      status: 'accepted',
      answered_at: expect.any(String),
      email: null,
      has_account: false,
    });
  });
});

describeServer("an invitation's public preview is rate-limited like sign-in", () => {
  const LIMIT = 3;
  const t = useTestApp({ RATE_LIMIT_AUTH_PER_MINUTE: LIMIT });

  it('refuses the address that asked too often, wrong tokens included, and serves another', async () => {
    const owner = await createOwner(t);
    const { token } = await invitedByEmail(t, owner);
    const guesser = '10.9.0.1';
    for (let i = 0; i < LIMIT; i += 1) {
      expect((await preview(t, `${'B'.repeat(42)}${i}`, guesser)).statusCode).toBe(404);
    }
    const limited = await preview(t, token, guesser);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED', detail: 'Too many attempts. Wait a minute and try again.' });
    expect((await preview(t, token, '10.9.0.2')).statusCode).toBe(200);
  });
});
