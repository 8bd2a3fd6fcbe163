import { randomUUID } from 'node:crypto';
import { concrete, typeOf, type ApiRoute, type JsonSchema } from './route-catalog';
import { stamp, type World } from './collector-fixtures';
import { TEST_PASSWORD, uniqueEmail } from '../factories/accounts';

/**
 * The values the hostile-input test (tests/server/hostile-input.test.ts) sends: valid ones, from
 * the seeded organization's real ids by field name or else from the field's schema, and a few
 * hostile ones per field type.
 */

const NIL_UUID = '00000000-0000-0000-0000-000000000000';
const HUGE = 'x'.repeat(200_000);
const deepArray = (depth: number): unknown => JSON.parse('['.repeat(depth) + ']'.repeat(depth));
const deepObject = (depth: number): unknown => JSON.parse('{"a":'.repeat(depth) + '1' + '}'.repeat(depth));

export type HostileWorld = World & {
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
export function validValue(schema: JsonSchema | undefined, name: string, ctx: { world: HostileWorld; path: string }): unknown {
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
export function hostileValues(schema: JsonSchema | undefined, where: 'body' | 'query' | 'path'): Hostile[] {
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
export function bodyFields(
  schema: JsonSchema | undefined,
  prefix: (string | number)[] = [],
): { path: (string | number)[]; schema: JsonSchema }[] {
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

export function withValue(base: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) {
    node = node[key] as Record<string | number, unknown>;
  }
  node[path[path.length - 1]!] = value;
  return copy;
}

export function encodePath(template: string, params: Record<string, string>): string {
  return template.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name] ?? randomUUID();
    // A lone surrogate cannot be percent-encoded as UTF-8; send its raw bytes as a client would.
    return value.includes('\uD800') ? value.replace('\uD800', '%ED%A0%80').replace(/\u0000/g, '%00') : encodeURIComponent(value);
  });
}

export function queryString(query: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      search.append(key, String(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export interface Variant {
  label: string;
  params: Record<string, string>;
  query: Record<string, unknown>;
  body?: unknown;
  raw?: string;
  /** A body that names nothing to change: it must be refused with 400 and a sentence. */
  namesNothing?: boolean;
}

/** A valid request to a route: real ids of the seeded organization where it has them, else values of the right shape. */
export function validRequest(route: ApiRoute, world: HostileWorld): Omit<Variant, 'label'> {
  const ctx = { world, path: route.path };
  const parameters = route.operation.parameters ?? [];
  const bodySchema = route.operation.requestBody?.content?.['application/json']?.schema;
  return {
    params: Object.fromEntries(parameters.filter((p) => p.in === 'path').map((p) => [p.name, String(validValue(p.schema, p.name, ctx))])),
    query: Object.fromEntries(parameters.filter((p) => p.in === 'query').map((p) => [p.name, validValue(p.schema, p.name, ctx)])),
    body:
      route.method === 'GET' || (route.method === 'DELETE' && !bodySchema)
        ? undefined
        : validValue(bodySchema ?? { type: 'object' }, '', ctx),
  };
}

/** One request per hostile value of each path parameter, query parameter and body field, and a few whole bodies. */
export function variantsOf(route: ApiRoute, world: HostileWorld): Variant[] {
  const params = (route.operation.parameters ?? []).filter((p) => p.in === 'path');
  const queries = (route.operation.parameters ?? []).filter((p) => p.in === 'query');
  const bodySchema = route.operation.requestBody?.content?.['application/json']?.schema;
  const valid = validRequest(route, world);
  const { params: validParams, query: validQuery, body: validBody } = valid;

  const variants: Variant[] = [];
  for (const p of params) {
    for (const h of hostileValues(p.schema, 'path')) {
      variants.push({ ...valid, label: `path ${p.name}: ${h.label}`, params: { ...validParams, [p.name]: String(h.value) } });
    }
  }
  for (const q of queries) {
    for (const h of hostileValues(q.schema, 'query')) {
      variants.push({ ...valid, label: `query ${q.name}: ${h.label}`, query: { ...validQuery, [q.name]: h.value } });
    }
  }
  if (validBody !== undefined) {
    for (const field of bodyFields(bodySchema)) {
      for (const h of hostileValues(field.schema, 'body')) {
        variants.push({ ...valid, label: `body ${field.path.join('.')}: ${h.label}`, body: withValue(validBody, field.path, h.value) });
      }
    }
    for (const [label, raw] of [
      ['deeply nested body', '['.repeat(100_000) + ']'.repeat(100_000)],
      ['NaN in JSON', '{"a": NaN}'],
      ['null body', 'null'],
      ['string body', '"\\u0000"'],
      ['array body', '[]'],
    ] as const) {
      variants.push({ label, params: validParams, query: validQuery, raw });
    }
  }
  return variants;
}
