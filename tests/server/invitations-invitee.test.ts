import { afterEach, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { describeServer, useTestApp } from '../helpers/test-app';
import { createMember, createOwner, createUser, signIn, uniqueEmail } from '../factories/accounts';
import { rows } from '../helpers/db';
import { asOwner } from '../helpers/system-context';
import { createDepartment } from '../../server/features/departments/service';
import { createRole } from '../../server/features/roles/service';
import { invitationRows, invite, invitedByCode, MINE, onInvitation, send, T, trailOf } from '../helpers/invitations-fixtures';

const answer = (who: { cookie: string }, token: string, move: 'accept' | 'reject', t: Parameters<typeof send>[0]) =>
  send(t, who, 'POST', `${T}/invitations/${token}/${move}/`);

async function therapist(t: Parameters<typeof send>[0], email?: string) {
  const user = await createUser(t, { userType: 'THE', ...(email ? { email } : {}) });
  return { ...user, cookie: await signIn(t, user.email) };
}

describeServer('answering an invitation', () => {
  const t = useTestApp();
  afterEach(() => {
    vi.useRealTimers();
  });

  it('accepts: joins with the invited role and departments, once', async () => {
    const owner = await createOwner(t);
    const robin = await therapist(t);
    const org = owner.organizationId!;
    const department = await asOwner(t.database, org, (ctx) => createDepartment(ctx, { name: 'Speech' }));
    const role = await asOwner(t.database, org, (ctx) => createRole(ctx, { name: 'Lead therapist', permission_keys: ['members.view'] }));
    const token = await invitedByCode(t, owner, robin, { role_id: role.id, department_ids: [department.id] });

    const mine = await send(t, robin, 'GET', MINE);
    expect(mine.json()).toMatchObject({
      count: 1,
      results: [{ token, status: 'pending', organization: { id: org }, role: { id: role.id, name: 'Lead therapist' } }],
    });
    const accepted = await answer(robin, token, 'accept', t);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'accepted', answered_at: expect.any(String) });

    const [membership] = await rows<{ id: string; status: string; role_id: string }>(
      t.database.db,
      sql`SELECT id, status, role_id FROM memberships WHERE organization_id = ${org} AND user_id = ${robin.id}`,
    );
    expect(membership).toMatchObject({ status: 'active', role_id: role.id });
    const team = await rows(t.database.db, sql`SELECT 1 FROM department_members WHERE membership_id = ${membership!.id}`);
    expect(team).toHaveLength(1);
    const trail = await trailOf(t, org, 'invitation');
    expect(trail.at(-1)).toMatchObject({ call: 'invitations.accept', changes: { status: ['pending', 'accepted'] } });
    expect(await trailOf(t, org, 'department_member')).toHaveLength(1);

    for (const move of ['accept', 'reject'] as const) {
      const again = await answer(robin, token, move, t);
      expect(again.statusCode).toBe(409);
      expect(again.json().detail).toBe('This invitation has already been accepted.');
    }
    const cancel = await onInvitation(t, owner, token, 'cancel');
    expect(cancel.statusCode).toBe(409);
    const people = await send(t, owner, 'GET', `${T}/organization/${owner.organizationCode}/therapists/`);
    expect(people.json().results).toEqual([expect.objectContaining({ user_id: robin.id, status: 'active' })]);
  });

  it('declines: no membership, and the answer is final', async () => {
    const owner = await createOwner(t);
    const robin = await therapist(t);
    const token = await invitedByCode(t, owner, robin);
    expect((await answer(robin, token, 'reject', t)).json()).toMatchObject({ status: 'rejected' });
    expect((await answer(robin, token, 'accept', t)).statusCode).toBe(409);
    const memberships = await rows(t.database.db, sql`SELECT 1 FROM memberships WHERE user_id = ${robin.id}`);
    expect(memberships).toEqual([]);
  });

  it('answers anyone but the invitee "not found", and changes nothing', async () => {
    const owner = await createOwner(t);
    const robin = await therapist(t);
    const token = await invitedByCode(t, owner, robin);
    const stranger = await therapist(t);
    const colleague = await createMember(t, owner.organizationId!);
    for (const who of [stranger, colleague, owner]) {
      expect((await answer(who, token, 'accept', t)).statusCode).toBe(404);
      expect((await answer(who, token, 'reject', t)).statusCode).toBe(404);
      expect((await send(t, who, 'GET', `${MINE}${token}/`)).statusCode).toBe(404);
    }
    expect((await send(t, stranger, 'GET', MINE)).json().count).toBe(0);
    expect(await invitationRows(t, owner.organizationId!)).toEqual([{ status: 'pending', is_archived: false }]);
  });

  it('refuses a cancelled invitation', async () => {
    const owner = await createOwner(t);
    const robin = await therapist(t);
    const token = await invitedByCode(t, owner, robin);
    await onInvitation(t, owner, token, 'cancel');
    const res = await answer(robin, token, 'accept', t);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('The organization has withdrawn this invitation.');
  });

  it('expires 14 days after it was sent', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T09:00:00Z'));
    const owner = await createOwner(t);
    const robin = await therapist(t);
    const token = await invitedByCode(t, owner, robin);
    // Sessions age with the clock too: each moment signs in afresh.
    vi.setSystemTime(new Date('2026-03-15T08:59:00Z'));
    robin.cookie = await signIn(t, robin.email);
    expect((await send(t, robin, 'GET', `${MINE}${token}/`)).json().status).toBe('pending');

    vi.setSystemTime(new Date('2026-03-15T09:00:01Z'));
    robin.cookie = await signIn(t, robin.email);
    owner.cookie = await signIn(t, owner.email);
    expect((await send(t, robin, 'GET', `${MINE}${token}/`)).json().status).toBe('expired');
    const res = await answer(robin, token, 'accept', t);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('This invitation has expired. Ask the organization to invite you again.');
    expect((await onInvitation(t, owner, token, 'cancel')).statusCode).toBe(409);
    const listUrl = `${T}/organization/${owner.organizationCode}/invitations/`;
    expect((await send(t, owner, 'GET', `${listUrl}?status=expired`)).json().count).toBe(1);
    // An expired invitation does not stand in the way of a new one.
    expect((await invite(t, owner, { email: robin.email })).statusCode).toBe(201);
  });

  it('finds an invitation sent to an e-mail once a therapist registers with it', async () => {
    const owner = await createOwner(t);
    const email = uniqueEmail('later');
    const sent = await invite(t, owner, { email: email.toUpperCase() });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ email, therapist: null });

    const robin = await therapist(t, email);
    const mine = await send(t, robin, 'GET', MINE);
    expect(mine.json().results).toEqual([expect.objectContaining({ token: sent.json().token, status: 'pending' })]);
    expect((await answer(robin, sent.json().token, 'accept', t)).json().status).toBe('accepted');
    const list = await send(t, owner, 'GET', `${T}/organization/${owner.organizationCode}/invitations/`);
    expect(list.json().results[0]).toMatchObject({ status: 'accepted', therapist: { user_id: robin.id } });
  });

  it('reactivates a former member’s membership', async () => {
    const owner = await createOwner(t);
    const former = await createMember(t, owner.organizationId!);
    await t.database.db.execute(sql`UPDATE memberships SET status = 'terminated' WHERE id = ${former.membershipId}`);
    const token = await invitedByCode(t, owner, former);
    expect((await answer(former, token, 'accept', t)).statusCode).toBe(200);
    const memberships = await rows(t.database.db, sql`SELECT id, status FROM memberships WHERE user_id = ${former.id}`);
    expect(memberships).toEqual([{ id: former.membershipId, status: 'active' }]);
  });
});
