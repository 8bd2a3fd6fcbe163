import { expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { describeServer, useTestApp } from '../helpers/test-app';
import { createMember, createOwner, createSignedInUser } from '../factories/accounts';
import { addMembership } from '../../server/features/memberships/service-admin';
import { terminateMembership } from '../../server/features/memberships/service-life';
import { asOwner } from '../helpers/system-context';

const MINE = '/api/therapist-management/my-memberships/';

describeServer('GET /api/therapist-management/my-memberships/', () => {
  const t = useTestApp();

  it("lists the caller's memberships in every organization, with their status", async () => {
    const clinic = await createOwner(t, { organizationName: 'Clinic One' });
    const school = await createOwner(t, { organizationName: 'School Two' });
    const therapist = await createMember(t, clinic.organizationId!);
    const staff = await asOwner(t.database, school.organizationId!, (ctx) => addMembership(ctx, { userId: therapist.id, role: 'staff' }));
    await t.database.db.execute(sql`UPDATE memberships SET status = 'resigning' WHERE id = ${staff.id}`);
    await createMember(t, clinic.organizationId!); // a colleague: not the caller's

    const res = await t.app.inject({ method: 'GET', url: MINE, headers: { cookie: therapist.cookie } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ count: 2, next: null, previous: null });
    expect(body.results).toEqual([
      {
        id: therapist.membershipId,
        organization: { id: clinic.organizationId, code: clinic.organizationCode, name: 'Clinic One', kind: 'clinic' },
        role: 'therapist',
        status: 'active',
        joined_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        ended_at: null,
      },
      expect.objectContaining({
        id: staff.id,
        role: 'staff',
        status: 'resigning',
        organization: expect.objectContaining({ id: school.organizationId }),
      }),
    ]);
  });

  it('gives an ended membership its end time, so a former member can read when it ended', async () => {
    const owner = await createOwner(t, { organizationName: 'Clinic One' });
    const therapist = await createMember(t, owner.organizationId!);
    const before = Date.now();
    await asOwner(t.database, owner.organizationId!, (ctx) =>
      terminateMembership(ctx, therapist.membershipId, { reason: 'Program closed' }),
    );

    const [ended] = (await t.app.inject({ method: 'GET', url: MINE, headers: { cookie: therapist.cookie } })).json().results;
    expect(ended).toMatchObject({ status: 'terminated', organization: expect.objectContaining({ name: 'Clinic One' }) });
    expect(Date.parse(ended.ended_at)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('is empty for users without memberships, owners included', async () => {
    const owner = await createOwner(t);
    const parent = await createSignedInUser(t, 'PAR');
    for (const cookie of [owner.cookie, parent.cookie]) {
      expect((await t.app.inject({ method: 'GET', url: MINE, headers: { cookie } })).json()).toEqual({
        count: 0,
        next: null,
        previous: null,
        results: [],
      });
    }
  });

  it('pages with page and page_size', async () => {
    const therapist = await createSignedInUser(t, 'THE');
    for (let i = 0; i < 3; i += 1) {
      const owner = await createOwner(t);
      await asOwner(t.database, owner.organizationId!, (ctx) => addMembership(ctx, { userId: therapist.id, role: 'therapist' }));
    }
    const page2 = (await t.app.inject({ method: 'GET', url: `${MINE}?page=2&page_size=2`, headers: { cookie: therapist.cookie } })).json();
    expect(page2).toMatchObject({ count: 3, next: null, previous: `${MINE}?page=1&page_size=2` });
    expect(page2.results).toHaveLength(1);
  });

  it.each([['page=0'], ['page_size=0'], ['page_size=500']])('refuses %s with 400 and field errors', async (query) => {
    const therapist = await createSignedInUser(t, 'THE');
    const res = await t.app.inject({ method: 'GET', url: `${MINE}?${query}`, headers: { cookie: therapist.cookie } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toBeDefined();
  });

  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: MINE })).statusCode).toBe(401);
  });
});
