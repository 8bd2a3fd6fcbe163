import { expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describeServer, useTestApp, type TestApp } from '../helpers/test-app';
import { createMember, createOwner, type SignedInUser } from '../factories/accounts';
import { rows } from '../helpers/db';
import { addMembership } from '../../server/features/memberships/service-admin';
import { asOwner } from '../helpers/system-context';

const T = '/api/tenant-management';
const OWN = '/api/therapist-management/memberships';
const memberUrl = (code: string, id: string, tail: string) => `${T}/organization/${code}/memberships/${id}/${tail}`;

type Member = SignedInUser & { membershipId: string };

function as(t: TestApp, who: { cookie: string }) {
  const headers = { cookie: who.cookie };
  return {
    get: (url: string) => t.app.inject({ method: 'GET', url, headers }),
    patch: (url: string, payload?: object) => t.app.inject({ method: 'PATCH', url, headers, ...(payload ? { payload } : {}) }),
  };
}

const terminate = (t: TestApp, owner: SignedInUser, member: Member, reason = 'Contract ended') =>
  as(t, owner).patch(memberUrl(owner.organizationCode!, member.membershipId, 'terminate/'), { reason });
const acceptResignation = (t: TestApp, owner: SignedInUser, member: Member) =>
  as(t, owner).patch(memberUrl(owner.organizationCode!, member.membershipId, 'accept-resignation/'));
const resign = (t: TestApp, member: Member, reason = 'Moving to another city') =>
  as(t, member).patch(`${OWN}/${member.membershipId}/resign/`, { reason });
const cancelResignation = (t: TestApp, member: Member) => as(t, member).patch(`${OWN}/${member.membershipId}/cancel-resignation/`);

function expectRefused(res: LightMyRequestResponse, status: number, detail: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().detail).toBe(detail);
}

const membershipTrail = (t: TestApp, organizationId: string, membershipId: string) =>
  rows<{ call: string; user_id: string; changes: Record<string, [unknown, unknown]> }>(
    t.database.db,
    sql`SELECT call, user_id, changes FROM audit_trail
        WHERE organization_id = ${organizationId} AND entity = 'membership' AND entity_id = ${membershipId} ORDER BY id`,
  );

describeServer('membership life: the moves', () => {
  const t = useTestApp();

  it('resigns with a reason, withdraws, resigns again, and the organization accepts: each move on the trail', async () => {
    const owner = await createOwner(t);
    const member = await createMember(t, owner.organizationId!);

    const resigned = await resign(t, member, '  Moving to another city  ');
    expect(resigned.statusCode, resigned.body).toBe(200);
    expect(resigned.json()).toMatchObject({ id: member.membershipId, status: 'resigning', organization: { id: owner.organizationId } });
    const detail = await as(t, owner).get(memberUrl(owner.organizationCode!, member.membershipId, 'detail/'));
    expect(detail.json()).toMatchObject({ status: 'resigning', status_reason: 'Moving to another city', ended_at: null });
    expect(detail.json().status_changed_at).toMatch(/^\d{4}-/);

    expect((await cancelResignation(t, member)).json()).toMatchObject({ status: 'active' });
    expect((await resign(t, member, 'Going back to school')).statusCode).toBe(200);
    const accepted = await acceptResignation(t, owner, member);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'resigned', status_reason: 'Going back to school', ended_at: expect.any(String) });

    const trail = await membershipTrail(t, owner.organizationId!, member.membershipId);
    expect(trail.map((r) => [r.call, r.user_id, r.changes.status])).toEqual([
      ['memberships.resign', member.id, ['active', 'resigning']],
      ['memberships.cancelResignation', member.id, ['resigning', 'active']],
      ['memberships.resign', member.id, ['active', 'resigning']],
      ['memberships.acceptResignation', owner.id, ['resigning', 'resigned']],
    ]);
    expect(trail[0]!.changes.status_reason).toEqual(['', 'Moving to another city']);
  });

  it('terminates an active or a resigning membership with a reason, on the trail', async () => {
    const owner = await createOwner(t);
    const active = await createMember(t, owner.organizationId!);
    const resigning = await createMember(t, owner.organizationId!);
    await resign(t, resigning);

    for (const member of [active, resigning]) {
      const res = await terminate(t, owner, member, ' Repeated no-shows ');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 'terminated', status_reason: 'Repeated no-shows', ended_at: expect.any(String) });
    }
    const [row] = await membershipTrail(t, owner.organizationId!, active.membershipId);
    expect(row).toMatchObject({ call: 'memberships.terminateMembership', user_id: owner.id });
    expect(row!.changes.status).toEqual(['active', 'terminated']);
    expect(row!.changes.status_reason).toEqual(['', 'Repeated no-shows']);
  });

  it('refuses every illegal move with 409 and a sentence, changing nothing', async () => {
    const owner = await createOwner(t);
    const member = await createMember(t, owner.organizationId!);
    expectRefused(await cancelResignation(t, member), 409, 'There is no resignation to withdraw.');
    expectRefused(await acceptResignation(t, owner, member), 409, 'This member has not asked to leave.');
    await resign(t, member);
    expectRefused(await resign(t, member), 409, 'You have already asked to leave this organization.');
    await acceptResignation(t, owner, member);
    for (const move of [
      () => resign(t, member),
      () => cancelResignation(t, member),
      () => acceptResignation(t, owner, member),
      () => terminate(t, owner, member),
    ]) {
      expectRefused(await move(), 409, 'This membership has already ended.');
    }
    const terminated = await createMember(t, owner.organizationId!);
    await terminate(t, owner, terminated);
    expectRefused(await terminate(t, owner, terminated), 409, 'This membership has already ended.');
    expectRefused(await resign(t, terminated), 409, 'This membership has already ended.');
    expect(await membershipTrail(t, owner.organizationId!, terminated.membershipId)).toHaveLength(1);
  });

  it('asks for a reason to resign and to terminate', async () => {
    const owner = await createOwner(t);
    const member = await createMember(t, owner.organizationId!);
    for (const res of [await resign(t, member, '   '), await terminate(t, owner, member, '')]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.reason).toEqual(['Give a reason.']);
    }
  });

  it("answers 404 for another user's membership and another organization's, 403 without members.manage", async () => {
    const owner = await createOwner(t);
    const member = await createMember(t, owner.organizationId!);
    const colleague = await createMember(t, owner.organizationId!);
    const staff = await createMember(t, owner.organizationId!, 'staff');
    const otherOwner = await createOwner(t);

    expectRefused(await as(t, colleague).patch(`${OWN}/${member.membershipId}/resign/`, { reason: 'x' }), 404, 'Membership not found.');
    expectRefused(await as(t, owner).patch(`${OWN}/${member.membershipId}/cancel-resignation/`), 404, 'Membership not found.');
    // Another organization's membership id under one's own organization, and the other organization's code.
    const foreign = memberUrl(otherOwner.organizationCode!, member.membershipId, 'terminate/');
    expect((await as(t, otherOwner).patch(foreign, { reason: 'x' })).statusCode).toBe(404);
    expect((await as(t, otherOwner).get(memberUrl(otherOwner.organizationCode!, member.membershipId, 'detail/'))).statusCode).toBe(404);
    expect(
      (await as(t, owner).patch(memberUrl(otherOwner.organizationCode!, member.membershipId, 'terminate/'), { reason: 'x' })).statusCode,
    ).toBe(404);
    // Staff see members (members.view) but do not end memberships; a therapist sees neither.
    const staffTerminates = as(t, staff).patch(memberUrl(owner.organizationCode!, member.membershipId, 'terminate/'), { reason: 'x' });
    expectRefused(await staffTerminates, 403, 'You do not have permission to do this.');
    expect((await as(t, staff).get(memberUrl(owner.organizationCode!, member.membershipId, 'detail/'))).statusCode).toBe(200);
    expect((await as(t, colleague).get(memberUrl(owner.organizationCode!, member.membershipId, 'detail/'))).statusCode).toBe(403);
    expect((await as(t, colleague).get(`${T}/organization/${owner.organizationCode}/memberships/`)).statusCode).toBe(403);
    expect((await as(t, member).get(`${OWN.replace('memberships', 'my-memberships')}/`)).json().results[0].status).toBe('active');
  });

  it('an invitation accepted again makes a former member active with no reason or end left over', async () => {
    const owner = await createOwner(t);
    const member = await createMember(t, owner.organizationId!);
    await terminate(t, owner, member);
    await asOwner(t.database, owner.organizationId!, (ctx) => addMembership(ctx, { userId: member.id, role: 'therapist' }));
    const detail = await as(t, owner).get(memberUrl(owner.organizationCode!, member.membershipId, 'detail/'));
    expect(detail.json()).toMatchObject({ status: 'active', status_reason: '', ended_at: null });
  });
});

describeServer('membership list and detail', () => {
  const t = useTestApp();

  it('lists current members by name, filters by status, searches names and e-mail, pages', async () => {
    const owner = await createOwner(t);
    const a = await createMember(t, owner.organizationId!);
    const b = await createMember(t, owner.organizationId!, 'staff');
    const c = await createMember(t, owner.organizationId!);
    await terminate(t, owner, c);
    await createMember(t, (await createOwner(t)).organizationId!); // another organization's: never listed
    const list = (query: string) => as(t, owner).get(`${T}/organization/${owner.organizationCode}/memberships/${query}`);

    const current = (await list('')).json();
    expect(current.count).toBe(2);
    expect(current.results.map((m: { id: string }) => m.id).sort()).toEqual([a.membershipId, b.membershipId].sort());
    expect(current.results.find((m: { id: string }) => m.id === b.membershipId)).toMatchObject({
      role: 'staff',
      status: 'active',
      user: { id: b.id, email: b.email },
    });
    expect((await list('?status=former')).json().results).toEqual([
      expect.objectContaining({ id: c.membershipId, status: 'terminated', status_reason: 'Contract ended' }),
    ]);
    expect((await list('?status=all')).json().count).toBe(3);
    expect((await list(`?status=all&search=${encodeURIComponent(a.email.slice(0, 12))}`)).json().results).toEqual([
      expect.objectContaining({ id: a.membershipId }),
    ]);
    const paged = (await list('?status=all&page=2&page_size=2')).json();
    expect(paged).toMatchObject({ count: 3, next: null, previous: expect.stringContaining('page=1') });
    expect(paged.results).toHaveLength(1);
    expect((await list('?status=gone')).statusCode).toBe(400);
  });

  it("shows a member's role, departments, hours and sessions", async () => {
    const owner = await createOwner(t);
    const member = await createMember(t, owner.organizationId!);
    // Ninety minutes two days before this month began (the organization's calendar), and the last forty minutes.
    const lastMonth = sql`(date_trunc('month', now() AT TIME ZONE 'Europe/Berlin') - interval '2 days') AT TIME ZONE 'Europe/Berlin'`;
    await t.database.db.execute(sql`INSERT INTO workspace_usages (organization_id, id, membership_id, user_id, opened_at, closed_at)
      VALUES (${owner.organizationId}, gen_random_uuid(), ${member.membershipId}, ${member.id}, ${lastMonth}, ${lastMonth} + interval '90 minutes'),
        (${owner.organizationId}, gen_random_uuid(), ${member.membershipId}, ${member.id}, now() - interval '40 minutes', now())`);
    const detail = (await as(t, owner).get(memberUrl(owner.organizationCode!, member.membershipId, 'detail/'))).json();
    expect(detail).toMatchObject({
      id: member.membershipId,
      user: { id: member.id, email: member.email },
      role: 'therapist',
      role_name: 'Therapist',
      status: 'active',
      departments: [],
      assigned_students: [],
      sessions: { held: 0, upcoming: 0 },
      // A therapist account keeps a professional profile; one never saved answers empty.
      professional_profile: expect.objectContaining({ headline: '', certifications: [], specializations: [] }),
    });
    // Forty minutes can straddle the month's first moment: then they are split between the two.
    const { this_month, last_month } = detail.workspace_minutes;
    expect(this_month + last_month - 90).toBeGreaterThanOrEqual(39);
    expect(last_month).toBeGreaterThanOrEqual(90);
  });
});
