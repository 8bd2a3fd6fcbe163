/**
 * An update that names no field it knows changes nothing, the same way in every admin feature:
 * 200 with the record as it is, and nothing in the audit trail. (A department once answered 500
 * "No values to set" here while the others answered 200.)
 */
import { expect, it } from 'vitest';
import { call, describeServer } from '../helpers/collector-fixtures';
import { json, useAdminWorld } from '../helpers/admin-fixtures';

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

describeServer('updates that change nothing', () => {
  for (const feature of FEATURES) {
    it(`answer a ${feature.name} as it is, and record nothing`, async () => {
      const [url, body] = feature.create();
      const made = await call(t, owner(), 'POST', url, { body });
      expect(made.statusCode, made.body).toBe(201);
      const record = json(made);
      const before = await auditCount();
      for (const empty of [{}, { not_a_field: 1 }]) {
        const res = await call(t, owner(), 'PATCH', feature.update(String(record.id)), { body: empty });
        expect(res.statusCode, `${JSON.stringify(empty)}: ${res.body}`).toBe(200);
        expect(json(res).name).toBe(record.name);
      }
      expect(await auditCount()).toBe(before);
    });
  }
});
