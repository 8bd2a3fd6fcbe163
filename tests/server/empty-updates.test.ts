/**
 * An update that names no field it can change is refused, the same way on every update: 400 with a
 * sentence, nothing written and nothing in the audit trail. That covers an empty body, one of unknown
 * keys only and one of read-only fields only (the body's schema drops both). A session's edit once
 * answered 500 "No values to set" to a body naming only the organization it acts in, while the
 * admin features answered 200 with the record as it was.
 */
import { expect, it } from 'vitest';
import { call, describeServer } from '../helpers/collector-fixtures';
import { json, useAdminWorld } from '../helpers/admin-fixtures';
import { snapshot } from '../helpers/db';

const T = '/api/tenant-management';
const { t, w, owner, auditCount } = useAdminWorld();

/** Each feature: how to create one record, and where its update goes. */
const FEATURES: { name: string; create: () => [string, object]; update: (id: string) => string }[] = [
  {
    name: 'department',
    create: () => [`${T}/organization/${w.org.code}/departments/`, { name: 'Empty updates: department' }],
    update: (id) => `${T}/departments/${id}/`,
  },
  {
    name: 'service',
    create: () => [`${T}/organization/${w.org.code}/services/`, { name: 'Empty updates: service', price: '45.00', duration_minutes: 45 }],
    update: (id) => `${T}/services/${id}/`,
  },
  {
    name: 'program',
    create: () => [`${T}/organization/${w.org.code}/programs/`, { name: 'Empty updates: program' }],
    update: (id) => `${T}/programs/${id}/`,
  },
  {
    name: 'classroom',
    create: () => [`/api/classrooms/organization/${w.org.code}/classrooms/`, { name: 'Empty updates: classroom' }],
    update: (id) => `/api/classrooms/organization/${w.org.code}/classrooms/${id}/`,
  },
  {
    name: 'role',
    create: () => [`${T}/organization/${w.org.id}/roles/`, { name: 'Empty updates: role', permission_keys: ['services.view'] }],
    update: (id) => `${T}/roles/${id}/`,
  },
];

/** Sends each body as an update and expects the refusal, with nothing written anywhere. */
async function expectNothingToChange(url: string, bodies: object[]) {
  const before = { audit: await auditCount(), tables: await snapshot(t.database) };
  for (const body of bodies) {
    const res = await call(t, owner(), 'PATCH', url, { body });
    expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(400);
    expect(json(res)).toMatchObject({ code: 'VALIDATION_FAILED', detail: expect.stringMatching(/^Nothing to change: .+\.$/) });
  }
  expect(await auditCount()).toBe(before.audit);
  expect(await snapshot(t.database)).toEqual(before.tables);
}

describeServer('updates that name nothing to change', () => {
  for (const feature of FEATURES) {
    it(`refuse a ${feature.name}'s with a sentence, and write nothing`, async () => {
      const [url, body] = feature.create();
      const made = await call(t, owner(), 'POST', url, { body });
      expect(made.statusCode, made.body).toBe(201);
      const record = json(made);
      await expectNothingToChange(feature.update(String(record.id)), [
        {},
        { not_a_field: 1 },
        { id: record.id, created_at: record.created_at, organization_id: w.org.id },
      ]);
      // The refusal is about the body, not the record: a real change still goes through.
      const renamed = await call(t, owner(), 'PATCH', feature.update(String(record.id)), { body: { name: `${String(record.name)} (2)` } });
      expect(renamed.statusCode, renamed.body).toBe(200);
    });
  }

  it("refuse a session's that names only where it acts or how (it answered 500)", async () => {
    const url = `/api/scheduling/therasessions/${w.session.id}/`;
    await expectNothingToChange(url, [
      { organization_id: w.org.id },
      { organization_id: w.org.id, unknown: 1, id: w.session.id, status: 'scheduled' },
      { organization_id: w.org.id, override_conflicts: false, override_reason: '' },
    ]);
    // The organization stays required: without it the body fails on that field, as before.
    const bare = await call(t, owner(), 'PATCH', url, { body: {} });
    expect(bare.statusCode, bare.body).toBe(400);
    expect(json(bare).errors).toHaveProperty('organization_id');
  });

  it("answer a session's that names its fields as they are with the session unchanged, not 500", async () => {
    const url = `/api/scheduling/therasessions/${w.session.id}/`;
    const before = json(await call(t, owner(), 'GET', url));
    const audit = await auditCount();
    const res = await call(t, owner(), 'PATCH', url, { body: { organization_id: w.org.id, service_id: before.service_id ?? null } });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual(before);
    expect(await auditCount()).toBe(audit);
  });
});
