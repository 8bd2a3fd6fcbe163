import { expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { describeServer, useTestApp } from '../helpers/test-app';
import { createMember, createOwner, createSignedInUser, createUser } from '../factories/accounts';
import { snapshot } from '../helpers/db';
import { asOwner } from '../helpers/system-context';
import { rowsOf } from '../../server/db/handles';
import { createDepartment } from '../../server/features/departments/service';
import { backfillTherapistCodes } from '../../server/db/therapist-codes';
import { invitationRows, invite, invitedByCode, onInvitation, send, T, therapistCodeOf, trailOf } from '../helpers/invitations-fixtures';

describeServer('therapist codes', () => {
  const t = useTestApp();

  it('gives every therapist a code at registration, and no one else', async () => {
    const therapist = await createSignedInUser(t, 'THE');
    const parent = await createSignedInUser(t, 'PAR');
    const code = await therapistCodeOf(t, therapist.id);
    expect(code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/);

    const mine = await send(t, therapist, 'GET', '/api/therapist-management/my-therapist-code/');
    expect(mine.json()).toEqual({ therapist_code: code });
    expect((await send(t, parent, 'GET', '/api/therapist-management/my-therapist-code/')).statusCode).toBe(404);
  });

  it('gives therapists registered before codes existed one at start-up', async () => {
    const therapist = await createUser(t, { userType: 'THE' });
    await t.database.db.execute(sql`UPDATE users SET therapist_code = NULL WHERE id = ${therapist.id}`);
    await backfillTherapistCodes(t.database.db);
    expect(await therapistCodeOf(t, therapist.id)).toMatch(/^[A-Z2-9]{8}$/);
  });

  it('looks a code up to a name and nothing private; an unknown code is not found', async () => {
    const owner = await createOwner(t);
    const therapist = await createUser(t, { userType: 'THE', firstName: 'Robin' });
    const code = await therapistCodeOf(t, therapist.id);
    const url = (c: string) => `${T}/invitations/lookup/?organization_id=${owner.organizationId}&therapist_code=${c}`;

    const res = await send(t, owner, 'GET', url(` ${code.toLowerCase()} `));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ therapist_code: code, first_name: 'Robin', last_name: 'THE user' });
    expect((await send(t, owner, 'GET', url('ZZZZZZZZ'))).statusCode).toBe(404);

    const member = await createMember(t, owner.organizationId!);
    expect((await send(t, member, 'GET', url(code))).statusCode).toBe(403);
  });
});

describeServer('inviting a therapist', () => {
  const t = useTestApp();

  it('invites by code with the built-in role and chosen departments, lists it and records it', async () => {
    const owner = await createOwner(t);
    const therapist = await createUser(t, { userType: 'THE', firstName: 'Robin' });
    const department = await asOwner(t.database, owner.organizationId!, (ctx) => createDepartment(ctx, { name: 'Speech' }));
    const before = Date.now();
    const res = await invite(t, owner, {
      therapist_code: await therapistCodeOf(t, therapist.id),
      department_ids: [department.id],
      message: 'Welcome aboard',
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      status: 'pending',
      email: therapist.email,
      therapist: { user_id: therapist.id, first_name: 'Robin' },
      role: { name: 'Therapist' },
      departments: [{ id: department.id, name: 'Speech' }],
      message: 'Welcome aboard',
      is_archived: false,
      answered_at: null,
    });
    const days = (Date.parse(body.expires_at) - before) / 86_400_000;
    expect(days).toBeGreaterThan(13.99);
    expect(days).toBeLessThan(14.01);

    const list = await send(t, owner, 'GET', `${T}/organization/${owner.organizationCode}/invitations/`);
    expect(list.json()).toMatchObject({ count: 1, results: [{ token: body.token, status: 'pending' }] });
    const [trail] = await trailOf(t, owner.organizationId!, 'invitation');
    expect(trail).toMatchObject({ call: 'invitations.invite', action: 'create', changes: { status: [null, 'pending'] } });
  });

  it('refuses a second open invitation, a current member and the owner', async () => {
    const owner = await createOwner(t);
    const therapist = await createUser(t, { userType: 'THE' });
    await invitedByCode(t, owner, therapist);
    const again = await invite(t, owner, { email: therapist.email.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('This therapist is already invited and has not answered yet.');

    const member = await createMember(t, owner.organizationId!);
    const memberAgain = await invite(t, owner, { therapist_code: await therapistCodeOf(t, member.id) });
    expect(memberAgain.statusCode).toBe(409);
    expect(memberAgain.json().detail).toBe('This therapist is already a member of the organization.');

    const owned = await invite(t, owner, { email: owner.email });
    expect(owned.statusCode).toBe(409);
    expect(owned.json().detail).toBe('The owner already runs this organization and cannot be invited.');
  });

  it('sends one invitation when two arrive for the same person at once (each server waits for the other)', async () => {
    const owner = await createOwner(t);
    const therapist = await createUser(t, { userType: 'THE' });
    const both = await Promise.all([
      invite(t, owner, { email: therapist.email }),
      invite(t, owner, { email: therapist.email.toUpperCase() }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await invitationRows(t, owner.organizationId!)).toHaveLength(1);
  });

  it('queues its e-mail with the link in the same transaction; a refused invitation queues none', async () => {
    const owner = await createOwner(t);
    const therapist = await createUser(t, { userType: 'THE' });
    const outbox = async () =>
      rowsOf<{ subject: string; text: string }>(
        await t.database.db.execute(sql`SELECT subject, text FROM mail_outbox WHERE recipient = ${therapist.email}`),
      );
    const token = await invitedByCode(t, owner, therapist);
    const [mail, ...more] = await outbox();
    expect(more).toEqual([]);
    expect(mail?.subject).toMatch(/invites you to join/);
    expect(mail?.text).toContain(`/invitations/${token}`);

    expect((await invite(t, owner, { email: therapist.email })).statusCode).toBe(409);
    expect(await outbox()).toHaveLength(1);
  });

  it('refuses bad input and other organizations’ roles and departments, writing nothing', async () => {
    const owner = await createOwner(t);
    const other = await createOwner(t);
    const therapist = await createUser(t, { userType: 'THE' });
    const code = await therapistCodeOf(t, therapist.id);
    const theirs = await asOwner(t.database, other.organizationId!, (ctx) => createDepartment(ctx, { name: 'Theirs' }));
    const parent = await createUser(t, { userType: 'PAR' });
    const before = await snapshot(t.database);

    const cases: [Record<string, unknown>, number][] = [
      [{}, 400],
      [{ therapist_code: code, email: therapist.email }, 400],
      [{ email: 'not an address' }, 400],
      [{ therapist_code: code, department_ids: ['nope'] }, 400],
      [{ therapist_code: code, message: 'x'.repeat(1001) }, 400],
      [{ email: parent.email }, 400],
      [{ therapist_code: 'ZZZZZZZZ' }, 404],
      [{ therapist_code: code, department_ids: [theirs.id] }, 404],
      [{ therapist_code: code, role_id: '0190a0a0-0000-7000-8000-000000000000' }, 404],
      [{ therapist_code: code, organization_code: other.organizationCode }, 404],
    ];
    for (const [body, status] of cases) {
      const res = await invite(t, owner, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
    }
    expect(await snapshot(t.database)).toEqual(before);
  });

  it('refuses a therapist without members.manage (403), and the list to one without members.view', async () => {
    const owner = await createOwner(t);
    const member = await createMember(t, owner.organizationId!);
    const therapist = await createUser(t, { userType: 'THE' });
    const res = await send(t, member, 'POST', `${T}/invitations/?organization_id=${owner.organizationId}`, {
      organization_code: owner.organizationCode,
      therapist_code: await therapistCodeOf(t, therapist.id),
    });
    expect(res.statusCode).toBe(403);
    expect((await send(t, member, 'GET', `${T}/organization/${owner.organizationCode}/invitations/`)).statusCode).toBe(403);
    expect(await invitationRows(t, owner.organizationId!)).toEqual([]);
  });
});

describeServer('the organization’s invitations', () => {
  const t = useTestApp();

  it('cancels a pending invitation once, then archives and unarchives it', async () => {
    const owner = await createOwner(t);
    const token = await invitedByCode(t, owner, await createUser(t, { userType: 'THE' }));

    expect((await onInvitation(t, owner, token, 'archive')).statusCode).toBe(409);
    const cancelled = await onInvitation(t, owner, token, 'cancel');
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', answered_at: expect.any(String) });
    const again = await onInvitation(t, owner, token, 'cancel');
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('This invitation is cancelled already and can no longer be cancelled.');

    expect((await onInvitation(t, owner, token, 'archive')).json()).toMatchObject({ is_archived: true });
    const listUrl = `${T}/organization/${owner.organizationCode}/invitations/`;
    expect((await send(t, owner, 'GET', listUrl)).json().count).toBe(0);
    expect((await send(t, owner, 'GET', `${listUrl}?archived=only`)).json().count).toBe(1);
    expect((await onInvitation(t, owner, token, 'unarchive')).json()).toMatchObject({ is_archived: false });
    expect((await send(t, owner, 'GET', `${listUrl}?status=cancelled`)).json().count).toBe(1);
    expect((await send(t, owner, 'GET', `${listUrl}?status=pending`)).json().count).toBe(0);

    const trail = await trailOf(t, owner.organizationId!, 'invitation');
    expect(trail.map((row) => [row.call, row.changes])).toEqual([
      ['invitations.invite', expect.anything()],
      ['invitations.cancel', { status: ['pending', 'cancelled'] }],
      ['invitations.archive', { is_archived: [false, true] }],
      ['invitations.unarchive', { is_archived: [true, false] }],
    ]);
  });

  it('answers another organization’s invitation as not found, and refuses a therapist without members.manage', async () => {
    const owner = await createOwner(t);
    const other = await createOwner(t);
    const token = await invitedByCode(t, owner, await createUser(t, { userType: 'THE' }));
    for (const move of ['cancel', 'archive', 'unarchive']) {
      expect((await onInvitation(t, other, token, move)).statusCode).toBe(404);
    }
    const member = await createMember(t, owner.organizationId!);
    expect((await onInvitation(t, member, token, 'cancel', owner.organizationId)).statusCode).toBe(403);
    expect(await invitationRows(t, owner.organizationId!)).toEqual([{ status: 'pending', is_archived: false }]);
  });
});
