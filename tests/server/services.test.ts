import { expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describeServer, useTestApp, type TestApp } from '../helpers/test-app';
import { createMember, createOwner, createSignedInUser, type SignedInUser } from '../factories/accounts';
import { rows, snapshot } from '../helpers/db';
import { listServices } from '../../server/features/services/service';
import { systemContext } from '../../server/lib/request-context';
import { asUserId } from '../../server/lib/ids';
import { ListServicesQuery } from '../../contract/services';

const T = '/api/tenant-management';
const listUrl = (code: string | null) => `${T}/organization/${code}/services/`;
const oneUrl = (id: string) => `${T}/services/${id}/`;
const BULK = `${T}/services/bulk-delete/`;

interface ServiceJson {
  id: string;
  name: string;
  price: string;
  price_minor: number;
  is_active: boolean;
}

function client(t: TestApp, user: SignedInUser) {
  const headers = { cookie: user.cookie };
  return {
    list: (query = '') => t.app.inject({ method: 'GET', url: `${listUrl(user.organizationCode)}${query}`, headers }),
    listOf: (code: string | null, query = '') => t.app.inject({ method: 'GET', url: `${listUrl(code)}${query}`, headers }),
    create: (payload: object, code = user.organizationCode) => t.app.inject({ method: 'POST', url: listUrl(code), headers, payload }),
    patch: (id: string, payload: object, query = '') => t.app.inject({ method: 'PATCH', url: `${oneUrl(id)}${query}`, headers, payload }),
    remove: (id: string, query = '') => t.app.inject({ method: 'DELETE', url: `${oneUrl(id)}${query}`, headers }),
    bulk: (ids: string[], query = '') => t.app.inject({ method: 'POST', url: `${BULK}${query}`, headers, payload: { ids } }),
  };
}

async function make(t: TestApp, owner: SignedInUser, payload: object): Promise<ServiceJson> {
  const res = await client(t, owner).create(payload);
  expect(res.statusCode).toBe(201);
  return res.json();
}

const serviceRows = (t: TestApp, organizationId: string) =>
  rows<Record<string, unknown>>(t.database.db, sql`SELECT * FROM services WHERE organization_id = ${organizationId} ORDER BY id`);
const trailOf = (t: TestApp, organizationId: string) =>
  rows<{ call: string; action: string; entity: string; entity_id: string; changes: Record<string, unknown> }>(
    t.database.db,
    sql`SELECT call, action, entity, entity_id, changes FROM audit_trail WHERE organization_id = ${organizationId} AND entity = 'service' ORDER BY id`,
  );

describeServer('services: create and list', () => {
  const t = useTestApp();

  it('creates a service and answers it with an exact price in the organization currency', async () => {
    const owner = await createOwner(t);
    const res = await client(t, owner).create({ name: '  Speech therapy ', description: 'One hour', price: '45.5', duration_minutes: 60 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(String),
      name: 'Speech therapy',
      description: 'One hour',
      price: '45.50',
      price_minor: 4550,
      currency: 'USD',
      is_active: true,
      duration_minutes: 60,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    const [trail] = await trailOf(t, owner.organizationId!);
    expect(trail).toEqual({
      call: 'services.createService',
      action: 'create',
      entity: 'service',
      entity_id: res.json().id,
      changes: {
        name: [null, 'Speech therapy'],
        description: [null, 'One hour'],
        price_minor: [null, 4550],
        is_active: [null, true],
        duration_minutes: [null, 60],
      },
    });
  });

  it('lists with the stats of the whole catalogue, whatever the filter', async () => {
    const owner = await createOwner(t);
    const api = client(t, owner);
    const empty = (await api.list()).json();
    expect(empty).toEqual({
      count: 0,
      next: null,
      previous: null,
      results: [],
      count_all: 0,
      count_active: 0,
      count_inactive: 0,
      min_price: null,
      max_price: null,
      currency: 'USD',
    });
    await make(t, owner, { name: 'Assessment', price: '120' });
    await make(t, owner, { name: 'Group session', price: '0.99', is_active: false });
    await make(t, owner, { name: 'Parent coaching', price: '75.00' });
    const inactive = (await api.list('?is_active=false')).json();
    expect(inactive).toMatchObject({ count: 1, count_all: 3, count_active: 2, count_inactive: 1, min_price: '0.99', max_price: '120.00' });
    expect(inactive.results.map((s: ServiceJson) => s.name)).toEqual(['Group session']);
    const active = (await api.list('?is_active=true')).json();
    expect(active.results.map((s: ServiceJson) => s.name)).toEqual(['Assessment', 'Parent coaching']);
  });

  it('searches name and description in any case, treating % and _ as text', async () => {
    const owner = await createOwner(t);
    await make(t, owner, { name: 'Speech therapy', price: '40' });
    await make(t, owner, { name: 'Occupational therapy', description: 'Fine motor SKILLS', price: '50' });
    await make(t, owner, { name: '100% intake', price: '0' });
    const names = async (q: string) =>
      ((await client(t, owner).list(`?search=${encodeURIComponent(q)}`)).json().results as ServiceJson[]).map((s) => s.name);
    expect(await names('THERAPY')).toEqual(['Occupational therapy', 'Speech therapy']);
    expect(await names('skills')).toEqual(['Occupational therapy']);
    expect(await names('%')).toEqual(['100% intake']);
    expect(await names('_')).toEqual([]);
  });

  it('orders by name or price, either way', async () => {
    const owner = await createOwner(t);
    await make(t, owner, { name: 'b service', price: '30' });
    await make(t, owner, { name: 'A service', price: '10' });
    await make(t, owner, { name: 'C service', price: '20' });
    const order = async (ordering: string) =>
      ((await client(t, owner).list(`?ordering=${ordering}`)).json().results as ServiceJson[]).map((s) => s.name[0]);
    expect(await order('name')).toEqual(['A', 'b', 'C']);
    expect(await order('-name')).toEqual(['C', 'b', 'A']);
    expect(await order('price')).toEqual(['A', 'C', 'b']);
    expect(await order('-price')).toEqual(['b', 'C', 'A']);
  });

  it('pages with page and page_size, links keeping the filter', async () => {
    const owner = await createOwner(t);
    for (let i = 0; i < 25; i += 1) {
      await make(t, owner, { name: `Service ${String(i).padStart(2, '0')}`, price: `${i}.00` });
    }
    const api = client(t, owner);
    const page2 = (await api.list('?page=2&page_size=10&ordering=price')).json();
    expect(page2).toMatchObject({ count: 25, count_all: 25 });
    expect(page2.results.map((s: ServiceJson) => s.name)).toEqual(Array.from({ length: 10 }, (_, i) => `Service ${10 + i}`));
    expect(page2.next).toBe(`${listUrl(owner.organizationCode)}?page=3&page_size=10&ordering=price`);
    expect(page2.previous).toBe(`${listUrl(owner.organizationCode)}?page=1&page_size=10&ordering=price`);
    const page3 = (await api.list('?page=3&page_size=10')).json();
    expect(page3.results).toHaveLength(5);
    expect(page3.next).toBeNull();
    const beyond = (await api.list('?page=9&page_size=10')).json();
    expect(beyond).toMatchObject({ count: 25, results: [], next: null });
  });

  it('runs the same number of queries for a page of 1 and a page of 100', async () => {
    const owner = await createOwner(t);
    for (let i = 0; i < 12; i += 1) {
      await make(t, owner, { name: `Counted ${i}`, price: '1' });
    }
    const spy = vi.spyOn(PgDialect.prototype, 'sqlToQuery');
    // Counted inside the tenant transaction: its begin, set_config and commit are not the list's.
    const countFor = async (pageSize: number) => {
      const query = ListServicesQuery.parse({ page_size: pageSize, search: 'counted' });
      return t.database.tenant(owner.organizationId!, async (tx) => {
        spy.mockClear();
        const list = await listServices(
          systemContext(tx, { organizationId: owner.organizationId!, actor: asUserId(owner.id), call: 'tests.list' }),
          query,
        );
        return { queries: spy.mock.calls.length, rows: list.results.length };
      });
    };
    try {
      const small = await countFor(1);
      const large = await countFor(100);
      expect(small.rows).toBe(1);
      expect(large.rows).toBe(12);
      expect(large.queries).toBe(small.queries);
      // The page, then the stats with the filtered count and the currency.
      expect(small.queries).toBe(2);
    } finally {
      spy.mockRestore();
    }
  });

  it('answers prices in the currency of the organization settings', async () => {
    const owner = await createOwner(t);
    await t.database.db.execute(sql`UPDATE organizations SET currency = 'JPY' WHERE id = ${owner.organizationId}`);
    const yen = await make(t, owner, { name: 'Consultation', price: '4500' });
    expect(yen).toMatchObject({ price: '4500', price_minor: 4500, currency: 'JPY' });
    const before = await serviceRows(t, owner.organizationId!);
    const decimals = await client(t, owner).create({ name: 'Half', price: '45.50' });
    expect(decimals.statusCode).toBe(400);
    expect(decimals.json().errors.price).toEqual(['JPY prices have no more than whole units.']);
    expect(await serviceRows(t, owner.organizationId!)).toEqual(before);
    expect((await client(t, owner).list()).json()).toMatchObject({ currency: 'JPY', min_price: '4500', max_price: '4500' });
  });
});

describeServer('services: bad input', () => {
  const t = useTestApp();

  it.each([
    ['an empty name', { name: '  ', price: '1' }, 'name'],
    ['a missing price', { name: 'X' }, 'price'],
    ['a negative price', { name: 'X', price: '-1' }, 'price'],
    ['a price with three decimals', { name: 'X', price: '1.005' }, 'price'],
    ['a price as a number', { name: 'X', price: 45 }, 'price'],
    ['a price too large', { name: 'X', price: '10000000' }, 'price'],
    ['a price with a currency sign', { name: 'X', price: '$5' }, 'price'],
    ['a zero duration', { name: 'X', price: '1', duration_minutes: 0 }, 'duration_minutes'],
    ['a fractional duration', { name: 'X', price: '1', duration_minutes: 1.5 }, 'duration_minutes'],
    ['a description too long', { name: 'X', price: '1', description: 'x'.repeat(2001) }, 'description'],
  ])('refuses to create with %s: 400 with field errors, nothing written', async (_label, payload, field) => {
    const owner = await createOwner(t);
    const before = await snapshot(t.database);
    const res = await client(t, owner).create(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBeDefined();
    expect(await snapshot(t.database)).toEqual(before);
  });

  it('refuses a name taken in any case with 409 on the name field; another organization may use it', async () => {
    const owner = await createOwner(t);
    await make(t, owner, { name: 'Speech therapy', price: '1' });
    const res = await client(t, owner).create({ name: 'SPEECH THERAPY', price: '2' });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors.name).toEqual(['A service with this name already exists.']);
    const other = await createOwner(t);
    expect((await client(t, other).create({ name: 'Speech therapy', price: '1' })).statusCode).toBe(201);
  });

  it('refuses a bad update with 400 and changes nothing', async () => {
    const owner = await createOwner(t);
    const service = await make(t, owner, { name: 'Keep me', price: '10' });
    const before = await serviceRows(t, owner.organizationId!);
    for (const payload of [{ price: 'ten' }, { name: '' }, { is_active: 'yes' }, { duration_minutes: -5 }]) {
      expect((await client(t, owner).patch(service.id, payload)).statusCode).toBe(400);
    }
    expect(await serviceRows(t, owner.organizationId!)).toEqual(before);
  });

  it.each([['page=0'], ['page_size=101'], ['ordering=id'], ['is_active=maybe']])('refuses the list query %s with 400', async (query) => {
    const owner = await createOwner(t);
    const res = await client(t, owner).list(`?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toBeDefined();
  });

  it('refuses an empty or oversized bulk delete with 400', async () => {
    const owner = await createOwner(t);
    expect((await client(t, owner).bulk([])).json().errors.ids).toBeDefined();
    const many = Array.from({ length: 501 }, () => crypto.randomUUID());
    expect((await client(t, owner).bulk(many)).statusCode).toBe(400);
  });
});

describeServer('services: change and delete', () => {
  const t = useTestApp();

  it('changes only the fields given and records what changed', async () => {
    const owner = await createOwner(t);
    const service = await make(t, owner, { name: 'Speech', price: '40', duration_minutes: 30 });
    const res = await client(t, owner).patch(service.id, { price: '42.00', is_active: false, duration_minutes: null });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Speech', price: '42.00', price_minor: 4200, is_active: false, duration_minutes: null });
    const trail = await trailOf(t, owner.organizationId!);
    expect(trail.at(-1)).toEqual({
      call: 'services.updateService',
      action: 'update',
      entity: 'service',
      entity_id: service.id,
      changes: { price_minor: [4000, 4200], is_active: [true, false], duration_minutes: [30, null] },
    });
    // Nothing changed: no trail row.
    expect((await client(t, owner).patch(service.id, { name: 'Speech' })).statusCode).toBe(200);
    expect(await trailOf(t, owner.organizationId!)).toHaveLength(trail.length);
  });

  it('renames unless another service has the name; its own name in another case is fine', async () => {
    const owner = await createOwner(t);
    const a = await make(t, owner, { name: 'Alpha', price: '1' });
    await make(t, owner, { name: 'Beta', price: '1' });
    expect((await client(t, owner).patch(a.id, { name: 'beta' })).statusCode).toBe(409);
    expect((await client(t, owner).patch(a.id, { name: 'ALPHA' })).json().name).toBe('ALPHA');
  });

  it('deletes a service, records it, and answers 404 the second time', async () => {
    const owner = await createOwner(t);
    const service = await make(t, owner, { name: 'Gone soon', price: '5' });
    const res = await client(t, owner).remove(service.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await serviceRows(t, owner.organizationId!)).toEqual([]);
    expect((await trailOf(t, owner.organizationId!)).at(-1)).toMatchObject({
      call: 'services.deleteService',
      action: 'delete',
      entity_id: service.id,
      changes: { name: ['Gone soon', null], price_minor: [500, null] },
    });
    expect((await client(t, owner).remove(service.id)).statusCode).toBe(404);
  });

  it('bulk deletes what it can in one call and reports the rest with the reason', async () => {
    const owner = await createOwner(t);
    const other = await createOwner(t);
    const a = await make(t, owner, { name: 'A', price: '1' });
    const b = await make(t, owner, { name: 'B', price: '1' });
    const keep = await make(t, owner, { name: 'Keep', price: '1' });
    const foreign = await make(t, other, { name: 'Foreign', price: '1' });
    const missing = crypto.randomUUID();
    const res = await client(t, owner).bulk([a.id, b.id, foreign.id, missing, a.id]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      deleted: [a.id, b.id],
      failed: [
        { id: foreign.id, code: 'NOT_FOUND', detail: 'Service not found.' },
        { id: missing, code: 'NOT_FOUND', detail: 'Service not found.' },
      ],
    });
    expect((await serviceRows(t, owner.organizationId!)).map((r) => r.id)).toEqual([keep.id]);
    expect(await serviceRows(t, other.organizationId!)).toHaveLength(1);
    const deletes = (await trailOf(t, owner.organizationId!)).filter((r) => r.action === 'delete');
    expect(deletes.map((r) => [r.call, r.entity_id])).toEqual([
      ['services.bulkDeleteServices', a.id],
      ['services.bulkDeleteServices', b.id],
    ]);
  });
});

describeServer('services: organizations and permissions', () => {
  const t = useTestApp();

  it("answers 404 for another organization's services and list, changing nothing", async () => {
    const a = await createOwner(t);
    const b = await createOwner(t);
    const service = await make(t, a, { name: 'Mine', price: '10' });
    const before = await serviceRows(t, a.organizationId!);
    const intruder = client(t, b);
    expect((await intruder.patch(service.id, { price: '1' })).statusCode).toBe(404);
    expect((await intruder.remove(service.id)).statusCode).toBe(404);
    expect((await intruder.listOf(a.organizationCode)).statusCode).toBe(404);
    expect((await intruder.create({ name: 'Planted', price: '1' }, a.organizationCode)).statusCode).toBe(404);
    // Naming the other organization explicitly does not help either.
    expect((await intruder.patch(service.id, { price: '1' }, `?organization_id=${a.organizationId}`)).statusCode).toBe(404);
    expect(await serviceRows(t, a.organizationId!)).toEqual(before);
  });

  it.each(['therapist', 'staff'] as const)('lets a %s see services but not change them (403), writing nothing', async (role) => {
    const owner = await createOwner(t);
    const service = await make(t, owner, { name: 'Visible', price: '10' });
    const member = await createMember(t, owner.organizationId!, role);
    const api = client(t, { ...member, organizationCode: owner.organizationCode });
    const list = await api.list();
    expect(list.statusCode).toBe(200);
    expect(list.json().results.map((s: ServiceJson) => s.name)).toEqual(['Visible']);
    const before = await snapshot(t.database);
    const inOrg = `?organization_id=${owner.organizationId}`;
    expect((await api.create({ name: 'Nope', price: '1' })).statusCode).toBe(403);
    expect((await api.patch(service.id, { price: '1' }, inOrg)).statusCode).toBe(403);
    expect((await api.remove(service.id, inOrg)).statusCode).toBe(403);
    expect((await api.bulk([service.id], inOrg)).statusCode).toBe(403);
    expect(await snapshot(t.database)).toEqual(before);
  });

  it('refuses a member whose role lacks services.view, and a parent with no organization', async () => {
    const owner = await createOwner(t);
    const member = await createMember(t, owner.organizationId!, 'staff');
    const roleId = crypto.randomUUID();
    await t.database.db.execute(
      sql`INSERT INTO roles (organization_id, id, name, permission_keys) VALUES (${owner.organizationId}, ${roleId}, 'Schedule only', ARRAY['sessions.view'])`,
    );
    await t.database.db.execute(sql`UPDATE memberships SET role_id = ${roleId} WHERE id = ${member.membershipId}`);
    expect((await client(t, { ...member, organizationCode: owner.organizationCode }).list()).statusCode).toBe(403);
    const parent = await createSignedInUser(t, 'PAR');
    expect((await client(t, { ...parent, organizationCode: owner.organizationCode }).list()).statusCode).toBe(404);
  });

  it('answers 401 without a session', async () => {
    const owner = await createOwner(t);
    expect((await t.app.inject({ method: 'GET', url: listUrl(owner.organizationCode) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: BULK, payload: { ids: [crypto.randomUUID()] } })).statusCode).toBe(401);
  });
});
