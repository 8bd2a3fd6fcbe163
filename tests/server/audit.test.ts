import { beforeAll, expect, it } from 'vitest';
import { describeServer, useTestApp, type TestApp } from '../helpers/test-app';
import { createMember, createOwner, type SignedInUser } from '../factories/accounts';
import { auditTrail } from '../../server/db/schema/audit';
import { useAdminWorld } from '../helpers/admin-fixtures';
import { call, useCollectorWorld } from '../helpers/collector-fixtures';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { students } from '../../server/db/schema/enrollments';
import { memberships } from '../../server/db/schema/organizations';
import { users } from '../../server/db/schema/accounts';
import { auditTrailFor } from '../../server/lib/audit-trail';
import { asOrganizationId } from '../../server/lib/ids';
import { PERMISSION_KEY_LABELS } from '../../contract/permissions';

const T = '/api/tenant-management';
const auditUrl = (code: string | null) => `${T}/organization/${code}/audit/`;

interface Change {
  field: string;
  label: string;
  before: unknown;
  after: unknown;
}
interface Entry {
  id: string;
  at: string;
  user: { id: string; first_name: string; last_name: string; email: string } | null;
  acting_as: unknown;
  call: string;
  action: string;
  entity: string;
  entity_label: string;
  entity_id: string;
  record_label: string | null;
  related: Record<string, string>;
  changes: Change[];
}
interface AuditListJson {
  count: number;
  next: string | null;
  previous: string | null;
  results: Entry[];
  timezone: string;
  kinds: { entity: string; label: string; count: number }[];
  people: { id: string; email: string; count: number }[];
}

const list = (t: TestApp, user: SignedInUser, query = '', code = user.organizationCode) =>
  t.app.inject({ method: 'GET', url: `${auditUrl(code)}${query}`, headers: { cookie: user.cookie } });

async function listed(t: TestApp, user: SignedInUser, query = ''): Promise<AuditListJson> {
  const res = await list(t, user, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function createService(t: TestApp, owner: SignedInUser, body: object): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: `${T}/organization/${owner.organizationCode}/services/`,
    headers: { cookie: owner.cookie },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}

async function patchService(t: TestApp, owner: SignedInUser, id: string, body: object) {
  const res = await t.app.inject({ method: 'PATCH', url: `${T}/services/${id}/`, headers: { cookie: owner.cookie }, payload: body });
  expect(res.statusCode, res.body).toBe(200);
}

describeServer('audit: the organization trail, read back', () => {
  const t = useTestApp();
  let owner: SignedInUser;
  let other: SignedInUser;
  let serviceId: string;
  let auditorsRoleId: string;

  beforeAll(async () => {
    owner = await createOwner(t);
    other = await createOwner(t);
    serviceId = await createService(t, owner, { name: 'Speech therapy', price: '45.00', duration_minutes: 60 });
    await patchService(t, owner, serviceId, { name: 'Speech therapy (60 min)', price: '50' });
    const role = await t.app.inject({
      method: 'POST',
      url: `${T}/organization/${owner.organizationId}/roles/`,
      headers: { cookie: owner.cookie },
      payload: { name: 'Auditors', permission_keys: ['audit.view'] },
    });
    expect(role.statusCode, role.body).toBe(201);
    auditorsRoleId = (role.json() as { id: string }).id;
    await createService(t, other, { name: 'Other clinic service', price: '10.00' });
  });

  it('shows the owner the changes other calls made, newest first, with who, the record and readable fields', async () => {
    const body = await listed(t, owner);
    expect(body.count).toBe(3);
    expect(body.results.map((e) => [e.call, e.action])).toEqual([
      ['roles.createRole', 'create'],
      ['services.updateService', 'update'],
      ['services.createService', 'create'],
    ]);
    const update = body.results[1]!;
    expect(update).toMatchObject({
      user: { id: owner.id, email: owner.email },
      acting_as: null,
      entity: 'service',
      entity_label: 'Service',
      entity_id: serviceId,
      record_label: 'Speech therapy (60 min)',
    });
    expect(update.changes).toEqual([
      { field: 'name', label: 'Name', before: 'Speech therapy', after: 'Speech therapy (60 min)' },
      { field: 'price_minor', label: 'Price', before: '45.00', after: '50.00' },
    ]);
    expect(body.results[2]!.changes).toContainEqual({ field: 'duration_minutes', label: 'Duration (minutes)', before: null, after: 60 });
    expect(body.timezone).toBe('Europe/Berlin');
    expect(body.kinds).toEqual([
      { entity: 'role', label: 'Role', count: 1 },
      { entity: 'service', label: 'Service', count: 2 },
    ]);
    expect(body.people).toEqual([expect.objectContaining({ id: owner.id, email: owner.email, count: 3 })]);
  });

  it('filters by kind of record, record, person and search', async () => {
    const services = await listed(t, owner, '?entity=service');
    expect(services.results.map((e) => e.action)).toEqual(['update', 'create']);
    expect(services.kinds).toHaveLength(2); // the pickers keep every kind whatever the filter
    expect((await listed(t, owner, `?entity=service&entity_id=${serviceId}`)).count).toBe(2);
    expect((await listed(t, owner, '?entity=classroom')).count).toBe(0);
    expect((await listed(t, owner, `?user_id=${owner.id}`)).count).toBe(3);
    expect((await listed(t, owner, `?user_id=${other.id}`)).count).toBe(0);
    expect((await listed(t, owner, '?search=updateservice')).results.map((e) => e.call)).toEqual(['services.updateService']);
    expect((await listed(t, owner, `?search=${encodeURIComponent(owner.email.toUpperCase())}`)).count).toBe(3);
    expect((await listed(t, owner, '?ordering=at')).results[0]!.call).toBe('services.createService');
  });

  it('pages with links, and a page past the end still counts', async () => {
    const first = await listed(t, owner, '?page_size=2');
    expect(first).toMatchObject({ count: 3, previous: null });
    expect(first.results).toHaveLength(2);
    expect(first.next).toContain('page=2');
    const second = await listed(t, owner, '?page=2&page_size=2');
    expect(second.results.map((e) => e.call)).toEqual(['services.createService']);
    expect(second.next).toBeNull();
    expect(second.previous).toContain('page=1');
    const past = await listed(t, owner, '?page=9&page_size=2');
    expect(past).toMatchObject({ count: 3, results: [] });
  });

  it("reads the date range as whole days in the organization's time zone", async () => {
    // 23:30 UTC on the 9th is 00:30 on the 10th in Berlin.
    await t.database.db.insert(auditTrail).values({
      organizationId: owner.organizationId!,
      at: new Date('2026-03-09T23:30:00Z'),
      userId: owner.id,
      call: 'programs.updateProgram',
      action: 'update',
      entity: 'program',
      entityId: 'c0ffee00-0000-4000-8000-000000000001',
      changes: { name: ['Early words', 'First words'] },
    });
    const tenth = await listed(t, owner, '?from=2026-03-10&to=2026-03-10');
    expect(tenth.results.map((e) => [e.entity_label, e.record_label])).toEqual([['Program', 'First words']]);
    expect((await listed(t, owner, '?from=2026-03-09&to=2026-03-09')).count).toBe(0);
    expect((await listed(t, owner, '?to=2026-03-09')).count).toBe(0);
    expect((await listed(t, owner, '?from=2026-03-11')).count).toBe(4 - 1);
    const backwards = await list(t, owner, '?from=2026-03-11&to=2026-03-10');
    expect(backwards.statusCode).toBe(400);
    expect(Object.keys((backwards.json() as { errors: object }).errors)).toContain('to');
    expect((await list(t, owner, '?from=2026-02-30')).statusCode).toBe(400);
  });

  it('humanizes a kind of record it has no label for', async () => {
    await t.database.db.insert(auditTrail).values({
      organizationId: owner.organizationId!,
      userId: owner.id,
      call: 'someFeature.someCall',
      action: 'create',
      entity: 'goal_library_item',
      entityId: 'x1',
      changes: { is_active: [null, true] },
    });
    const body = await listed(t, owner, '?entity=goal_library_item');
    expect(body.results[0]).toMatchObject({ entity_label: 'Goal library item', record_label: null });
    expect(body.results[0]!.changes).toEqual([{ field: 'is_active', label: 'Active', before: null, after: true }]);
  });

  it('refuses the front desk and therapists (no audit.view), and answers a role holding it', async () => {
    for (const kind of ['staff', 'therapist'] as const) {
      const member = await createMember(t, owner.organizationId!, kind);
      const res = await list(t, member, '', owner.organizationCode);
      expect(res.statusCode, kind).toBe(403);
    }
    const auditor = await createMember(t, owner.organizationId!, 'staff');
    const given = await t.app.inject({
      method: 'PATCH',
      url: `${T}/organization/${owner.organizationCode}/memberships/${auditor.membershipId}/role/`,
      headers: { cookie: owner.cookie },
      payload: { role_id: auditorsRoleId },
    });
    expect(given.statusCode, given.body).toBe(200);
    expect((await list(t, auditor, '', owner.organizationCode)).statusCode).toBe(200);
  });

  it("never shows another organization's entries, nor this one's to another owner", async () => {
    const mine = await listed(t, owner, '?page_size=100');
    expect(mine.results.some((e) => e.record_label === 'Other clinic service')).toBe(false);
    expect(mine.people.map((p) => p.id)).toEqual([owner.id]);
    const theirs = await listed(t, other);
    expect(theirs.results.map((e) => e.record_label)).toEqual(['Other clinic service']);
    expect((await list(t, other, '', owner.organizationCode)).statusCode).toBe(404);
  });
});

describeServer('audit: statements per page', () => {
  const { t, owner, queriesOf, w } = useAdminWorld();

  it('reads a page in the same number of statements whatever its size', async () => {
    for (let i = 0; i < 8; i += 1) {
      const res = await call(t, owner(), 'POST', `${T}/organization/${w.org.code}/services/`, {
        body: { name: `Counted ${i}`, price: '1' },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const small = await queriesOf(auditUrl(w.org.code), { page_size: '2' });
    const large = await queriesOf(auditUrl(w.org.code), { page_size: '60' });
    expect(small.rows).toBe(2);
    expect(large.rows).toBeGreaterThanOrEqual(8);
    expect(large.n).toBe(small.n);
    expect(small.n).toBeLessThanOrEqual(8);
  });
});

describeServer('audit: records named in words', () => {
  const { t, w } = useCollectorWorld();

  it('names people, sessions and links by who they are, keys by their words, in the same statements whatever the page', async () => {
    const organizationId = asOrganizationId(w.org.id);
    const [student] = await t.database.db.select().from(students).where(eq(students.id, w.placement.studentId));
    const [member] = await t.database.db
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(memberships.id, w.therapist.membershipId!));
    const studentName = `${student!.firstName} ${student!.lastName}`;
    const memberName = `${member!.firstName} ${member!.lastName}`;
    const people = { student: w.placement.studentId, membership: w.therapist.membershipId! };
    await t.database.tenant(organizationId, (tx) =>
      auditTrailFor(tx, { organizationId, userId: w.org.owner.userId, call: 'tests.names' }).recordAll([
        {
          action: 'update',
          entity: 'therasession',
          entityId: w.session.id,
          scope: people,
          before: { status: 'scheduled' },
          after: { status: 'cancelled' },
        },
        { action: 'read', entity: 'student', entityId: w.placement.studentId, after: { parts: ['goals_and_data', 'identity'] } },
        {
          action: 'update',
          entity: 'membership',
          entityId: w.therapist.membershipId!,
          before: { status: 'active' },
          after: { status: 'resigning' },
        },
        {
          action: 'create',
          entity: 'department_member',
          entityId: randomUUID(),
          scope: { membership: people.membership },
          after: { n: 1 },
        },
        {
          action: 'update',
          entity: 'role',
          entityId: randomUUID(),
          before: { permission_keys: [] },
          after: { permission_keys: ['audit.view'] },
        },
        // A record id that is no uuid names nobody, and never fails the page.
        { action: 'update', entity: 'student', entityId: 'not-a-uuid', before: { n: 1 }, after: { n: 2 } },
      ]),
    );
    const res = await call(t, w.org.owner, 'GET', auditUrl(w.org.code), { query: { search: 'tests.names', ordering: 'at' } });
    expect(res.statusCode, res.body).toBe(200);
    const entries = (res.json() as AuditListJson).results;
    expect(entries.map((e) => [e.entity_label, e.record_label])).toEqual([
      ['Session', `${studentName} with ${memberName}`],
      ["Student's record", studentName],
      ['Membership', memberName],
      ['Department team member', memberName],
      ['Role', null],
      ["Student's record", null],
    ]);
    expect(entries[0]!.related).toEqual(people);
    expect(entries[1]!.changes).toEqual([{ field: 'parts', label: 'Parts', before: null, after: ['Goals and data', 'Identity'] }]);
    expect(entries[4]!.changes[0]).toMatchObject({ label: 'Permissions', before: [], after: [PERMISSION_KEY_LABELS['audit.view']] });
  });
});
