import { expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { describeServer, useTestApp } from '../helpers/test-app';
import { snapshot } from '../helpers/db';
import { createMember, createOwner, createSignedInUser, createUser } from '../factories/accounts';
import { addMembership } from '../../server/features/memberships/service-admin';
import { asOwner } from '../helpers/system-context';

const T = '/api/tenant-management';
const LIST = `${T}/organizations/`;
const ACTIVE = `${T}/active-organization/`;
const RESOLVE = `${T}/lookup/organizations/resolve/`;
const SEARCH = `${T}/lookup/organizations/search/`;
const SETTINGS = `${T}/organization/profile/settings/`;
const OWNER = `${T}/organization-owner/profile/`;
const SESSION = '/api/users/auth/session/';

const settingsBody = {
  name: 'Harbor Therapy Clinic',
  kind: 'school',
  timezone: 'America/New_York',
  email: 'office@harbor.example',
  phone: '+1 555 0101',
  address: '1 Harbor Road',
  website: 'https://harbor.example',
};

describeServer('GET /api/tenant-management/organizations/', () => {
  const t = useTestApp();

  it('lists owned organizations and active memberships, and none of anyone else', async () => {
    const mine = await createOwner(t, { organizationName: 'Alpha Clinic' });
    const other = await createOwner(t, { organizationName: 'Beta School' });
    const third = await createOwner(t, { organizationName: 'Gamma Clinic' });
    const member = await createMember(t, other.organizationId!, 'staff');
    await asOwner(t.database, third.organizationId!, (ctx) => addMembership(ctx, { userId: member.id, role: 'therapist' }));
    await t.database.db.execute(
      sql`UPDATE memberships SET status = 'terminated' WHERE user_id = ${member.id} AND organization_id = ${third.organizationId}`,
    );

    const owned = await t.app.inject({ method: 'GET', url: LIST, headers: { cookie: mine.cookie } });
    expect(owned.statusCode).toBe(200);
    expect(owned.json()).toEqual({
      count: 1,
      next: null,
      previous: null,
      results: [
        {
          id: mine.organizationId,
          code: mine.organizationCode,
          name: 'Alpha Clinic',
          kind: 'clinic',
          timezone: 'Europe/Berlin',
          role: 'owner',
          membership_id: null,
        },
      ],
    });
    const membered = (await t.app.inject({ method: 'GET', url: LIST, headers: { cookie: member.cookie } })).json();
    expect(membered.results).toEqual([
      expect.objectContaining({ id: other.organizationId, name: 'Beta School', role: 'staff', membership_id: member.membershipId }),
    ]);
  });

  it('pages with page and page_size', async () => {
    const therapist = await createSignedInUser(t, 'THE');
    for (let i = 0; i < 3; i += 1) {
      const owner = await createUser(t, { userType: 'ORG', organizationName: `Paged ${i}` });
      await asOwner(t.database, owner.organizationId!, (ctx) => addMembership(ctx, { userId: therapist.id, role: 'therapist' }));
    }
    const page1 = (await t.app.inject({ method: 'GET', url: `${LIST}?page=1&page_size=2`, headers: { cookie: therapist.cookie } })).json();
    expect(page1.count).toBe(3);
    expect(page1.results.map((r: { name: string }) => r.name)).toEqual(['Paged 0', 'Paged 1']);
    expect(page1.next).toBe(`${LIST}?page=2&page_size=2`);
    expect(page1.previous).toBeNull();
    const page2 = (await t.app.inject({ method: 'GET', url: page1.next, headers: { cookie: therapist.cookie } })).json();
    expect(page2.results.map((r: { name: string }) => r.name)).toEqual(['Paged 2']);
    expect(page2.next).toBeNull();
    expect(page2.previous).toBe(`${LIST}?page=1&page_size=2`);
  });

  it.each([['page=0'], ['page_size=101'], ['page=abc']])('refuses %s with 400 and field errors', async (query) => {
    const owner = await createOwner(t);
    const res = await t.app.inject({ method: 'GET', url: `${LIST}?${query}`, headers: { cookie: owner.cookie } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toHaveLength(1);
  });

  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: LIST })).statusCode).toBe(401);
  });
});

describeServer('POST /api/tenant-management/active-organization/', () => {
  const t = useTestApp();

  it("switches the session to one of the user's organizations", async () => {
    const a = await createOwner(t);
    const b = await createOwner(t);
    const therapist = await createMember(t, a.organizationId!);
    await asOwner(t.database, b.organizationId!, (ctx) => addMembership(ctx, { userId: therapist.id, role: 'therapist' }));
    const res = await t.app.inject({
      method: 'POST',
      url: ACTIVE,
      headers: { cookie: therapist.cookie },
      payload: { organization_id: b.organizationId },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ active_organization_id: b.organizationId, locked: false, user: { id: therapist.id } });
    expect((await t.app.inject({ method: 'GET', url: SESSION, headers: { cookie: therapist.cookie } })).json().active_organization_id).toBe(
      b.organizationId,
    );
    const settings = await t.app.inject({ method: 'GET', url: SETTINGS, headers: { cookie: therapist.cookie } });
    expect(settings.json().id).toBe(b.organizationId);
  });

  it('answers 404 for another organization (or a made-up id) and writes nothing', async () => {
    const a = await createOwner(t);
    const b = await createOwner(t);
    const before = await snapshot(t.database);
    for (const id of [b.organizationId, '01900000-0000-7000-8000-000000000000']) {
      const res = await t.app.inject({ method: 'POST', url: ACTIVE, headers: { cookie: a.cookie }, payload: { organization_id: id } });
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toBe('Organization not found.');
    }
    expect(await snapshot(t.database)).toEqual(before);
  });

  it('answers 404 for an organization whose membership ended', async () => {
    const a = await createOwner(t);
    const therapist = await createMember(t, a.organizationId!);
    await t.database.db.execute(sql`UPDATE memberships SET status = 'resigned' WHERE id = ${therapist.membershipId}`);
    const res = await t.app.inject({
      method: 'POST',
      url: ACTIVE,
      headers: { cookie: therapist.cookie },
      payload: { organization_id: a.organizationId },
    });
    expect(res.statusCode).toBe(404);
  });

  it.each([[{}], [{ organization_id: 'not-a-uuid' }]])('refuses %j with 400 and field errors, writing nothing', async (payload) => {
    const a = await createOwner(t);
    const before = await snapshot(t.database);
    const res = await t.app.inject({ method: 'POST', url: ACTIVE, headers: { cookie: a.cookie }, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.organization_id).toBeDefined();
    expect(await snapshot(t.database)).toEqual(before);
  });
});

describeServer('organization look-ups', () => {
  const t = useTestApp();

  it('resolves an exact code, in any letter case', async () => {
    const owner = await createOwner(t, { organizationName: 'Resolve Me' });
    const viewer = await createSignedInUser(t, 'PAR');
    for (const code of [owner.organizationCode!, owner.organizationCode!.toLowerCase()]) {
      const res = await t.app.inject({ method: 'GET', url: `${RESOLVE}?code=${code}`, headers: { cookie: viewer.cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ id: owner.organizationId, code: owner.organizationCode, name: 'Resolve Me', kind: 'clinic' });
    }
  });

  it("answers 404 'Organization not found.' for an unknown code, and 400 without one", async () => {
    const viewer = await createSignedInUser(t, 'PAR');
    const missing = await t.app.inject({ method: 'GET', url: `${RESOLVE}?code=ZZZZZZZ`, headers: { cookie: viewer.cookie } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND', detail: 'Organization not found.' });
    const bad = await t.app.inject({ method: 'GET', url: RESOLVE, headers: { cookie: viewer.cookie } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.code).toBeDefined();
  });

  it('searches names (contains, any case) and codes (prefix), 15 results by default', async () => {
    const viewer = await createSignedInUser(t, 'PAR');
    for (let i = 0; i < 17; i += 1) {
      await createUser(t, { userType: 'ORG', organizationName: `Sunflower Academy ${String(i).padStart(2, '0')}` });
    }
    const target = await createOwner(t, { organizationName: 'Lighthouse Centre' });
    const byName = (await t.app.inject({ method: 'GET', url: `${SEARCH}?q=sunFLOWER`, headers: { cookie: viewer.cookie } })).json();
    expect(byName.results).toHaveLength(15);
    expect(byName.results[0].name).toBe('Sunflower Academy 00');
    const limited = (
      await t.app.inject({ method: 'GET', url: `${SEARCH}?q=sunflower&limit=3`, headers: { cookie: viewer.cookie } })
    ).json();
    expect(limited.results).toHaveLength(3);
    const byCode = (
      await t.app.inject({ method: 'GET', url: `${SEARCH}?q=${target.organizationCode!.slice(0, 4)}`, headers: { cookie: viewer.cookie } })
    ).json();
    expect(byCode.results.map((r: { id: string }) => r.id)).toContain(target.organizationId);
    const wildcard = (await t.app.inject({ method: 'GET', url: `${SEARCH}?q=%25`, headers: { cookie: viewer.cookie } })).json();
    expect(wildcard.results).toEqual([]);
  });

  it.each([['q='], ['q=a&limit=0'], ['q=a&limit=51'], ['limit=5']])('refuses %s with 400 and field errors', async (query) => {
    const viewer = await createSignedInUser(t, 'PAR');
    const res = await t.app.inject({ method: 'GET', url: `${SEARCH}?${query}`, headers: { cookie: viewer.cookie } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toBeDefined();
  });

  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: `${SEARCH}?q=a` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `${RESOLVE}?code=ABC` })).statusCode).toBe(401);
  });
});

describeServer('organization profile settings', () => {
  const t = useTestApp();

  it("reads and replaces the active organization's settings", async () => {
    const owner = await createOwner(t);
    const read = await t.app.inject({ method: 'GET', url: SETTINGS, headers: { cookie: owner.cookie } });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      id: owner.organizationId,
      code: owner.organizationCode,
      kind: 'clinic',
      timezone: 'Europe/Berlin',
      email: '',
    });
    const put = await t.app.inject({ method: 'PUT', url: SETTINGS, headers: { cookie: owner.cookie }, payload: settingsBody });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ id: owner.organizationId, code: owner.organizationCode, currency: 'USD', ...settingsBody });
    expect((await t.app.inject({ method: 'GET', url: SETTINGS, headers: { cookie: owner.cookie } })).json()).toEqual(put.json());
  });

  it('changes the currency when given and keeps it when left out', async () => {
    const owner = await createOwner(t);
    const put = (payload: object) => t.app.inject({ method: 'PUT', url: SETTINGS, headers: { cookie: owner.cookie }, payload });
    expect((await put({ ...settingsBody, currency: 'EUR' })).json().currency).toBe('EUR');
    expect((await put(settingsBody)).json().currency).toBe('EUR');
    const wrong = await put({ ...settingsBody, currency: 'XYZ' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.currency).toBeDefined();
  });

  it('refuses to change the currency while services carry prices, saying why; a price of 0 does not hold it', async () => {
    const owner = await createOwner(t);
    const put = (payload: object) => t.app.inject({ method: 'PUT', url: SETTINGS, headers: { cookie: owner.cookie }, payload });
    const service = (name: string, price: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/tenant-management/organization/${owner.organizationCode}/services/`,
        headers: { cookie: owner.cookie },
        payload: { name, price, duration_minutes: 45 },
      });
    expect((await service('Free screening', '0.00')).statusCode).toBe(201);
    expect((await put({ ...settingsBody, currency: 'EUR' })).json().currency).toBe('EUR');
    expect((await service('Speech therapy', '45.50')).statusCode).toBe(201);
    const refused = await put({ ...settingsBody, currency: 'JPY' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CONFLICT', errors: { currency: ['1 service has a price in EUR.'] } });
    expect(refused.json().detail).toMatch(/can't change while prices are set in EUR/);
    // The same currency, and the other settings, still save.
    expect((await put({ ...settingsBody, name: 'Renamed clinic', currency: 'EUR' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: SETTINGS, headers: { cookie: owner.cookie } })).json()).toMatchObject({
      currency: 'EUR',
      name: 'Renamed clinic',
    });
  });

  it('lets a therapist read the settings but not change them (403), writing nothing', async () => {
    const owner = await createOwner(t);
    const therapist = await createMember(t, owner.organizationId!);
    expect((await t.app.inject({ method: 'GET', url: SETTINGS, headers: { cookie: therapist.cookie } })).statusCode).toBe(200);
    const before = await snapshot(t.database);
    const res = await t.app.inject({ method: 'PUT', url: SETTINGS, headers: { cookie: therapist.cookie }, payload: settingsBody });
    expect(res.statusCode).toBe(403);
    expect(await snapshot(t.database)).toEqual(before);
  });

  it.each([
    ['an empty name', { name: ' ' }, 'name'],
    ['an unknown kind', { kind: 'spa' }, 'kind'],
    ['an unknown time zone', { timezone: 'Mars/Olympus' }, 'timezone'],
    ['a malformed e-mail', { email: 'office' }, 'email'],
  ])('refuses %s with 400 and field errors, writing nothing', async (_label, patch, field) => {
    const owner = await createOwner(t);
    const before = await snapshot(t.database);
    const res = await t.app.inject({
      method: 'PUT',
      url: SETTINGS,
      headers: { cookie: owner.cookie },
      payload: { ...settingsBody, ...patch },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBeDefined();
    expect(await snapshot(t.database)).toEqual(before);
  });

  it("answers 404 when the session points at an organization that is not the user's, writing nothing", async () => {
    const a = await createOwner(t);
    const b = await createOwner(t);
    // The active organization only ever comes from the server session; point b's at a's organization.
    await t.database.db.execute(sql`UPDATE auth_sessions SET active_organization_id = ${a.organizationId} WHERE user_id = ${b.id}`);
    const before = await snapshot(t.database);
    const get = await t.app.inject({ method: 'GET', url: SETTINGS, headers: { cookie: b.cookie } });
    expect(get.statusCode).toBe(404);
    expect(get.json().detail).toBe('Organization not found.');
    const put = await t.app.inject({ method: 'PUT', url: SETTINGS, headers: { cookie: b.cookie }, payload: settingsBody });
    expect(put.statusCode).toBe(404);
    expect(await snapshot(t.database)).toEqual(before);
  });

  it('answers 404 to a former member whose session still points at the organization', async () => {
    const owner = await createOwner(t);
    const therapist = await createMember(t, owner.organizationId!);
    await t.database.db.execute(sql`UPDATE memberships SET status = 'terminated' WHERE id = ${therapist.membershipId}`);
    expect((await t.app.inject({ method: 'GET', url: SETTINGS, headers: { cookie: therapist.cookie } })).statusCode).toBe(404);
  });

  it('ignores an organization named in the query: the active organization comes from the session', async () => {
    const a = await createOwner(t);
    const b = await createOwner(t);
    const res = await t.app.inject({
      method: 'GET',
      url: `${SETTINGS}?organization_id=${a.organizationId}`,
      headers: { cookie: b.cookie },
    });
    expect(res.json().id).toBe(b.organizationId);
  });

  it('answers 404 to a user without an organization', async () => {
    const parent = await createSignedInUser(t, 'PAR');
    const res = await t.app.inject({ method: 'GET', url: SETTINGS, headers: { cookie: parent.cookie } });
    expect(res.statusCode).toBe(404);
  });
});

describeServer('organization-owner profile', () => {
  const t = useTestApp();

  it("reads and updates the owner's name and phone, mirrored to the session user", async () => {
    const owner = await createOwner(t);
    const read = await t.app.inject({ method: 'GET', url: OWNER, headers: { cookie: owner.cookie } });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ first_name: 'Test', last_name: 'ORG user', phone_number: '', email: owner.email });
    const res = await t.app.inject({
      method: 'PATCH',
      url: OWNER,
      headers: { cookie: owner.cookie },
      payload: { first_name: 'Olga', phone_number: '+44 20 7946 0000' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ first_name: 'Olga', last_name: 'ORG user', phone_number: '+44 20 7946 0000', email: owner.email });
    const session = (await t.app.inject({ method: 'GET', url: SESSION, headers: { cookie: owner.cookie } })).json();
    expect(session.user).toMatchObject({ first_name: 'Olga', phone_number: '+44 20 7946 0000' });
  });

  it('answers 403 to users who are not organization owners, writing nothing', async () => {
    for (const userType of ['THE', 'PAR', 'STU'] as const) {
      const user = await createSignedInUser(t, userType);
      const before = await snapshot(t.database);
      expect((await t.app.inject({ method: 'GET', url: OWNER, headers: { cookie: user.cookie } })).statusCode).toBe(403);
      const patch = await t.app.inject({ method: 'PATCH', url: OWNER, headers: { cookie: user.cookie }, payload: { first_name: 'X' } });
      expect(patch.statusCode).toBe(403);
      expect(await snapshot(t.database)).toEqual(before);
    }
  });

  it.each([
    ['an empty first name', { first_name: '' }, 'first_name'],
    ['a phone number over 40 characters', { phone_number: '9'.repeat(41) }, 'phone_number'],
  ])('refuses %s with 400 and field errors, writing nothing', async (_label, payload, field) => {
    const owner = await createOwner(t);
    const before = await snapshot(t.database);
    const res = await t.app.inject({ method: 'PATCH', url: OWNER, headers: { cookie: owner.cookie }, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBeDefined();
    expect(await snapshot(t.database)).toEqual(before);
  });

  it("changes only the caller's own profile", async () => {
    const a = await createOwner(t);
    const b = await createOwner(t);
    await t.app.inject({ method: 'PATCH', url: OWNER, headers: { cookie: a.cookie }, payload: { last_name: 'Changed' } });
    expect((await t.app.inject({ method: 'GET', url: OWNER, headers: { cookie: b.cookie } })).json().last_name).toBe('ORG user');
  });
});
