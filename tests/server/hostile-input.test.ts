import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it, vi } from 'vitest';
import { describeServer, useTestApp } from '../helpers/test-app';
import { apiRoutes, concrete, typeOf, type ApiRoute, type JsonSchema } from '../helpers/route-catalog';
import { createWorld, stamp, trialPoint, type World } from '../helpers/collector-fixtures';
import { snapshot } from '../helpers/db';
import { signIn, TEST_PASSWORD, uniqueEmail } from '../factories/accounts';

/**
 * Every route the app registers, driven with hostile values in every field and parameter: no answer
 * may be a 5xx and nothing may be written. Routes come from the app itself (tests/helpers/route-catalog.ts)
 * and their fields from the OpenAPI document, so a route added later is covered
 * without touching this file. One hostile value per request, the other fields valid (real ids of a
 * seeded organization), so each value gets as deep into the route as validation lets it.
 */

vi.mock('fastify', async (original) => (await import('../helpers/route-catalog')).recordingFastify(original));

const NIL_UUID = '00000000-0000-0000-0000-000000000000';
const HUGE = 'x'.repeat(200_000);
const deepArray = (depth: number): unknown => JSON.parse('['.repeat(depth) + ']'.repeat(depth));
const deepObject = (depth: number): unknown => JSON.parse('{"a":'.repeat(depth) + '1' + '}'.repeat(depth));

type HostileWorld = World & {
  pointId: string;
  usageId: string;
  records: { serviceId: string; programId: string; classroomId: string; roleId: string };
};

/** Real values of the seeded organization, by field name; `id` depends on what the path names. */
function knownValue(world: HostileWorld, name: string, path: string): unknown {
  const byName: Record<string, unknown> = {
    orgCode: world.org.code,
    orgId: world.org.id,
    organization_id: world.org.id,
    deptId: world.placement.departmentId,
    department_id: world.placement.departmentId,
    studentId: world.placement.studentId,
    student_id: world.placement.studentId,
    student_ids: world.placement.studentId,
    usageId: world.usageId,
    membership_id: world.therapist.membershipId,
    therapist_id: world.therapist.membershipId,
    session_id: world.session.id,
    goal_id: world.placement.goals.discrete.id,
    sub_goal_id: world.placement.goals.discrete.subGoalIds[0],
    email: uniqueEmail('hostile'),
    new_email: uniqueEmail('hostile'),
    password: TEST_PASSWORD,
    old_password: TEST_PASSWORD,
    new_password: `${TEST_PASSWORD}-new`,
    timezone: 'Europe/Berlin',
    device_id: 'hostile-device-1',
    prompt_level: 'model',
    roleId: world.records.roleId,
    phone: '+1 555 0100',
    phone_number: '+1 555 0100',
    website: 'https://harbor.example',
  };
  if (name === 'id') {
    // Real records of the caller's own organization, so hostile bodies reach the write paths behind
    // the look-up instead of stopping at "not found".
    if (/\/departments\/:id\//.test(path)) {
      return world.placement.departmentId;
    }
    for (const [segment, id] of [
      ['/services/', world.records.serviceId],
      ['/programs/', world.records.programId],
      ['/classrooms/:id/', world.records.classroomId],
    ] as const) {
      if (path.includes(segment)) {
        return id;
      }
    }
    if (path.includes('/datapoints/')) {
      return world.pointId;
    }
    if (path.includes('/memberships/')) {
      return world.therapist.membershipId;
    }
    if (path.includes('/sessions/') || path.includes('/therasessions/')) {
      return world.session.id;
    }
  }
  return byName[name];
}

/** A valid-looking value for a schema: known ids by name, else something of the right type and format. */
function validValue(schema: JsonSchema | undefined, name: string, ctx: { world: HostileWorld; path: string }): unknown {
  const known = knownValue(ctx.world, name, ctx.path);
  if (known !== undefined) {
    return known;
  }
  const s = concrete(schema);
  if (s.const !== undefined) {
    return s.const;
  }
  if (s.enum?.length) {
    return s.enum[0];
  }
  switch (typeOf(s)) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(s.properties ?? {})) {
        out[key] = validValue(child, key, ctx);
      }
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => validValue(s.items, name, ctx));
    case 'integer':
    case 'number':
      return Math.max(1, s.minimum ?? 1);
    case 'boolean':
      return true;
    default:
      if (s.format === 'uuid') {
        return randomUUID();
      }
      if (s.format === 'date-time') {
        return stamp().recorded_at;
      }
      if (s.format === 'email') {
        return uniqueEmail('hostile');
      }
      return 'Hostile Test';
  }
}

interface Hostile {
  label: string;
  value: unknown;
}

/** A few values per field, chosen by its type; none of them is valid for that type. */
function hostileValues(schema: JsonSchema | undefined, where: 'body' | 'query' | 'path'): Hostile[] {
  const s = concrete(schema);
  const type = typeOf(s);
  const text = (label: string, value: string): Hostile => ({ label, value });
  const out: Hostile[] = [];
  const stringish = type === 'string' || type === 'unknown';
  if (stringish) {
    out.push(text('NUL', 'a\u0000b'), text('lone surrogate', 'a\uD800b'), text('huge string', HUGE));
    if (s.format === 'uuid') {
      out.push(text('invalid uuid', 'not-a-uuid'), text('nil uuid', NIL_UUID));
    }
    if (s.format === 'date-time') {
      out.push(
        text('year 0', '0000-01-01T00:00:00Z'),
        text('year 9999', '9999-12-31T23:59:59Z'),
        text('February 30', '2026-02-30T10:00:00Z'),
      );
    }
    if (s.enum) {
      out.push(text('unknown enum value', 'no-such-value'));
    }
  }
  if (type === 'integer' || type === 'number') {
    if (s.minimum === undefined || s.minimum > -1) {
      out.push({ label: 'negative', value: where === 'body' ? -1 : '-1' });
    }
    out.push(
      { label: 'NaN', value: 'NaN' },
      { label: '1e308', value: where === 'body' ? 1e308 : '1e308' },
      { label: 'fraction', value: where === 'body' ? 1.5 : '1.5' },
    );
    if (where !== 'body') {
      out.push(text('NUL', '1\u0000'), text('not a number', 'abc'));
    }
  }
  if (type === 'boolean') {
    out.push({ label: 'string for boolean', value: where === 'body' ? 'yes' : 'maybe' }, text('NUL', '\u0000'));
  }
  if (where === 'body') {
    out.push({ label: 'deep array', value: deepArray(2_000) }, { label: 'deep object', value: deepObject(2_000) });
    if (stringish) {
      out.push({ label: 'number for string', value: 12345 });
    } else if (type !== 'object' && type !== 'array') {
      out.push({ label: 'object for scalar', value: { $gt: '' } });
    }
    if (type === 'array') {
      out.push({ label: 'string for array', value: 'x\u0000' });
    }
    if (type === 'object') {
      out.push({ label: 'array for object', value: [] });
    }
  }
  if (where === 'query') {
    out.push({ label: 'repeated parameter', value: ['a', 'b'] });
  }
  return out;
}

/** The (path of) every field of a JSON body schema, nested objects and the first item of arrays included. */
function bodyFields(schema: JsonSchema | undefined, prefix: (string | number)[] = []): { path: (string | number)[]; schema: JsonSchema }[] {
  const s = concrete(schema);
  const out: { path: (string | number)[]; schema: JsonSchema }[] = [];
  if (typeOf(s) === 'object') {
    for (const [key, child] of Object.entries(s.properties ?? {})) {
      out.push({ path: [...prefix, key], schema: child }, ...bodyFields(child, [...prefix, key]));
    }
  } else if (typeOf(s) === 'array' && s.items) {
    out.push(...bodyFields(s.items, [...prefix, 0]));
  }
  return out;
}

function withValue(base: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) {
    node = node[key] as Record<string | number, unknown>;
  }
  node[path[path.length - 1]!] = value;
  return copy;
}

function encodePath(template: string, params: Record<string, string>): string {
  return template.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name] ?? randomUUID();
    // A lone surrogate cannot be percent-encoded as UTF-8; send its raw bytes as a client would.
    return value.includes('\uD800') ? value.replace('\uD800', '%ED%A0%80').replace(/\u0000/g, '%00') : encodeURIComponent(value);
  });
}

function queryString(query: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      search.append(key, String(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

describeServer('hostile input on every route', () => {
  const t = useTestApp();
  let world: HostileWorld;
  let api: ApiRoute[] = [];

  beforeAll(async () => {
    const base = await createWorld(t);
    // A recorded point (for the correction route) and an open workspace usage (for the close route).
    const point = trialPoint(base.placement.goals.discrete.id, base.placement.goals.discrete.subGoalIds[0]!, 1, 'correct');
    const recorded = await t.app.inject({
      method: 'POST',
      url: `/api/collector/sessions/${base.session.id}/points/?organization_id=${base.org.id}`,
      headers: { cookie: base.therapist.cookie },
      payload: { points: [point] },
    });
    expect(recorded.statusCode).toBe(200);
    const opened = await t.app.inject({
      method: 'POST',
      url: `/api/tenant-management/organization/workspace/open/?organization_id=${base.org.id}`,
      headers: { cookie: base.therapist.cookie },
      payload: { membership_id: base.therapist.membershipId },
    });
    expect(opened.statusCode).toBe(201);
    const made = async (url: string, payload: object) => {
      const res = await t.app.inject({ method: 'POST', url, headers: { cookie: base.org.owner.cookie }, payload });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as { id: string }).id;
    };
    const T = '/api/tenant-management';
    const records = {
      serviceId: await made(`${T}/organization/${base.org.code}/services/`, {
        name: 'Hostile service',
        price: '45.00',
        duration_minutes: 45,
      }),
      programId: await made(`${T}/organization/${base.org.code}/programs/`, { name: 'Hostile program' }),
      classroomId: await made(`/api/classrooms/organization/${base.org.code}/classrooms/`, { name: 'Hostile classroom' }),
      roleId: await made(`${T}/organization/${base.org.id}/roles/`, { name: 'Hostile role', permission_keys: ['services.view'] }),
    };
    world = { ...base, pointId: point.id, usageId: (opened.json() as { id: string }).id, records };

    api = await apiRoutes(t.app);
  });

  it('answers no hostile value with a 5xx and writes nothing', async () => {
    expect(api.length).toBeGreaterThanOrEqual(39);
    const failures: string[] = [];
    const writes: string[] = [];
    const accepted: string[] = [];
    const cacheable: string[] = [];
    let requests = 0;
    let cookie = world.org.owner.cookie;
    const started = Date.now();

    for (const route of api) {
      const ctx = { world, path: route.path };
      const params = (route.operation.parameters ?? []).filter((p) => p.in === 'path');
      const queries = (route.operation.parameters ?? []).filter((p) => p.in === 'query');
      const bodySchema = route.operation.requestBody?.content?.['application/json']?.schema;
      const validParams = Object.fromEntries(params.map((p) => [p.name, String(validValue(p.schema, p.name, ctx))]));
      const validQuery = Object.fromEntries(queries.map((p) => [p.name, validValue(p.schema, p.name, ctx)]));
      const validBody =
        route.method === 'GET' || (route.method === 'DELETE' && !bodySchema)
          ? undefined
          : validValue(bodySchema ?? { type: 'object' }, '', ctx);

      const variants: { label: string; params: Record<string, string>; query: Record<string, unknown>; body?: unknown; raw?: string }[] =
        [];
      for (const p of params) {
        for (const h of hostileValues(p.schema, 'path')) {
          variants.push({
            label: `path ${p.name}: ${h.label}`,
            params: { ...validParams, [p.name]: String(h.value) },
            query: validQuery,
            body: validBody,
          });
        }
      }
      for (const q of queries) {
        for (const h of hostileValues(q.schema, 'query')) {
          variants.push({
            label: `query ${q.name}: ${h.label}`,
            params: validParams,
            query: { ...validQuery, [q.name]: h.value },
            body: validBody,
          });
        }
      }
      if (validBody !== undefined) {
        for (const field of bodyFields(bodySchema)) {
          for (const h of hostileValues(field.schema, 'body')) {
            variants.push({
              label: `body ${field.path.join('.')}: ${h.label}`,
              params: validParams,
              query: validQuery,
              body: withValue(validBody, field.path, h.value),
            });
          }
        }
        for (const [label, raw] of [
          ['deeply nested body', '['.repeat(100_000) + ']'.repeat(100_000)],
          ['NaN in JSON', '{"a": NaN}'],
          ['null body', 'null'],
          ['string body', '"\\u0000"'],
          ['array body', '[]'],
        ] as const) {
          variants.push({ label: label, params: validParams, query: validQuery, raw });
        }
      }

      const before = await snapshot(t.database);
      for (const variant of variants) {
        requests += 1;
        const url = encodePath(route.path, variant.params) + queryString(variant.query);
        const res = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: { cookie, ...(variant.body !== undefined || variant.raw !== undefined ? { 'content-type': 'application/json' } : {}) },
          ...(variant.raw !== undefined
            ? { payload: variant.raw }
            : variant.body !== undefined
              ? { payload: JSON.stringify(variant.body) }
              : {}),
        });
        if (res.statusCode >= 500) {
          failures.push(`${route.method} ${route.path} — ${variant.label} → ${res.statusCode} ${res.body.slice(0, 200)}`);
        }
        if (res.headers['cache-control'] !== 'no-store') {
          cacheable.push(
            `${route.method} ${route.path} — ${variant.label} → ${res.statusCode} Cache-Control: ${String(res.headers['cache-control'])}`,
          );
        }
        if (res.statusCode < 300 && route.method !== 'GET') {
          accepted.push(`${route.method} ${route.path} — ${variant.label} → ${res.statusCode}`);
        }
      }
      const after = await snapshot(t.database);
      if (JSON.stringify(after) !== JSON.stringify(before)) {
        writes.push(`${route.method} ${route.path}`);
        // If a hostile call ended or locked the session (a write, reported above), the next routes are
        // still driven signed in, not answered 401 before their input is read.
        cookie = await signIn(t, world.org.owner.email);
      }
    }

    console.log(
      `hostile input: ${api.length} routes, ${requests} requests, ${failures.length} × 5xx, ${writes.length} routes wrote (${Date.now() - started} ms)`,
    );
    expect(failures).toEqual([]);
    expect(writes).toEqual([]);
    expect(accepted).toEqual([]);
    // Every API answer, refused ones included, is kept by no cache.
    expect(cacheable).toEqual([]);
    // The owner is still signed in and unlocked: no hostile call reached logout or lock.
    const session = await t.app.inject({ method: 'GET', url: '/api/users/auth/session/', headers: { cookie } });
    expect(session.json()).toMatchObject({ locked: false });
  }, 120_000);

  it('answers 401 and nothing else on every route that needs a sign-in, whatever the input', async () => {
    const needsSignIn = api.filter((r) => r.access.kind !== 'public');
    expect(needsSignIn.length).toBeGreaterThan(20);
    const wrong: string[] = [];
    for (const route of needsSignIn) {
      const url = encodePath(route.path, {}).replace(/[0-9a-f-]{36}/g, 'not-a-uuid') + '?organization_id=%00&page=-1&from=0000-01-01';
      for (const cookie of [undefined, 'thera_sid=forged-or-expired']) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: { ...(cookie ? { cookie } : {}), ...(route.method === 'GET' ? {} : { 'content-type': 'application/json' }) },
          ...(route.method === 'GET' ? {} : { payload: JSON.stringify({ points: 'x', email: 1, name: '\u0000' }) }),
        });
        const body = res.json() as { code?: string; errors?: unknown };
        if (
          res.statusCode !== 401 ||
          body.code !== 'NOT_SIGNED_IN' ||
          body.errors !== undefined ||
          res.headers['cache-control'] !== 'no-store'
        ) {
          wrong.push(
            `${route.method} ${route.path} (${cookie ? 'unknown cookie' : 'no cookie'}) → ${res.statusCode} ${res.body.slice(0, 120)}`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
