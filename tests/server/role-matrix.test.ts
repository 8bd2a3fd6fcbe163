import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it, vi } from 'vitest';
import { PERMISSION_KEYS, type PermissionKey } from '../../contract/http';
import { describeServer, useTestApp } from '../helpers/test-app';
import { apiRoutes, concrete, typeOf, type ApiRoute, type JsonSchema } from '../helpers/route-catalog';
import { createMember, createOwner, type SignedInUser } from '../factories/accounts';

/**
 * THE ROLE MATRIX: every registered /api route whose access is 'org', under the owner, the built-in
 * "Therapist" and "Front desk" roles, a custom role holding no key, and a custom role holding exactly
 * the route's key. Each request is syntactically valid (ids point at nothing), so it gets past
 * validation to the permission check: it must answer 403 exactly when the role lacks the declared
 * key, and never 403 (nor a 5xx) when the role holds it. Routes come from the app itself
 * (tests/helpers/route-catalog.ts) and their fields from the OpenAPI document, so a route added
 * later is walked without touching this file. Custom roles are made through the roles call, so a
 * manage key comes with its view key (server/features/roles/service.ts).
 *
 * And the cross-organization half: every route that names the organization (path or
 * organization_id) answers 404 to the owner of another organization, never 403 or an answer.
 */

vi.mock('fastify', async (original) => (await import('../helpers/route-catalog')).recordingFastify(original));

type OrgRoute = ApiRoute & { permission: PermissionKey | null };

// A future instant, an hour long where a call takes a range: valid wherever a timestamp is taken.
const START = new Date(Date.UTC(2031, 5, 2, 9, 0, 0));
const END = new Date(START.getTime() + 3600_000);

const PATTERN_SAMPLES = ['45.00', '45', 'USD', 'ABC123', 'Matrix Test', 'matrix', '09:00'];

/** A syntactically valid value: the organization's own id and code by name, anything else of the right type and format. */
function validValue(schema: JsonSchema | undefined, name: string, org: { id: string; code: string }): unknown {
  const byName: Record<string, unknown> = {
    orgId: org.id,
    organization_id: org.id,
    orgCode: org.code,
    code: org.code,
    end_at: END.toISOString(),
    to: END.toISOString(),
    // Fields whose format the schema cannot say: a real time zone, a comma-separated list of ids.
    timezone: 'Europe/Berlin',
    student_ids: randomUUID(),
  };
  if (byName[name] !== undefined) {
    return byName[name];
  }
  const s = concrete(schema);
  if (s.const !== undefined) {
    return s.const;
  }
  if (s.default !== undefined) {
    return s.default;
  }
  if (s.enum?.length) {
    return s.enum[0];
  }
  switch (typeOf(s)) {
    case 'object':
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([key, child]) => [key, validValue(child, key, org)]));
    case 'array':
      return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => validValue(s.items, name, org));
    case 'integer':
    case 'number':
      return Math.max(1, s.minimum ?? 1);
    case 'boolean':
      return false;
    default:
      if (s.format === 'uuid') {
        return randomUUID();
      }
      if (s.format === 'date-time') {
        return START.toISOString();
      }
      if (s.format === 'date') {
        return START.toISOString().slice(0, 10);
      }
      if (s.format === 'email') {
        return `matrix-${randomUUID().slice(0, 8)}@example.test`;
      }
      if (s.pattern) {
        // A string the schema's pattern accepts: the first of a few everyday shapes (a price, a code, a word).
        const shape = PATTERN_SAMPLES.find((sample) => new RegExp(s.pattern!).test(sample));
        if (!shape) {
          throw new Error(`role matrix: no sample value matches the pattern ${s.pattern} of ${name}; add one to PATTERN_SAMPLES`);
        }
        return shape;
      }
      return 'Matrix Test';
  }
}

function requestFor(route: OrgRoute, org: { id: string; code: string }) {
  const parameters = route.operation.parameters ?? [];
  const url = route.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const schema = parameters.find((p) => p.in === 'path' && p.name === name)?.schema;
    return encodeURIComponent(String(validValue(schema, name, org)));
  });
  const search = new URLSearchParams();
  // Required query parameters, and the organization it acts in; optional filters stay out (a valid
  // request may leave them, and a made-up value for a filter could fail validation first).
  for (const p of parameters.filter((q) => q.in === 'query' && (q.required || q.name === 'organization_id'))) {
    search.append(p.name, String(validValue(p.schema, p.name, org)));
  }
  const bodySchema = route.operation.requestBody?.content?.['application/json']?.schema;
  const body =
    route.method === 'GET' || (route.method === 'DELETE' && !bodySchema)
      ? undefined
      : validValue(bodySchema ?? { type: 'object' }, '', org);
  const query = search.toString();
  return { url: query ? `${url}?${query}` : url, body };
}

describeServer('the role matrix: every organization route under every role', () => {
  const t = useTestApp();
  let api: OrgRoute[] = [];
  let owner: SignedInUser;
  /** Who asks, and the keys their role holds (as the organization stores them). */
  const actors = new Map<string, { cookie: string; keys: ReadonlySet<string> }>();

  beforeAll(async () => {
    api = (await apiRoutes(t.app)).flatMap((route) =>
      route.access.kind === 'org' ? [{ ...route, permission: route.access.permission }] : [],
    );

    // One organization, seeded once: the owner, a member of each built-in role, a member of a
    // role with no key, and for each key a member whose role holds that key only.
    owner = await createOwner(t);
    const orgId = owner.organizationId!;
    const send = (method: 'GET' | 'POST' | 'PATCH', url: string, body?: object) =>
      t.app.inject({ method, url, headers: { cookie: owner.cookie }, ...(body ? { payload: body } : {}) });
    const keysOf = async (member: { cookie: string }) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/tenant-management/organization/${owner.organizationCode}/my-access/`,
        headers: { cookie: member.cookie },
      });
      expect(res.statusCode).toBe(200);
      return new Set((res.json() as { permission_keys: string[] }).permission_keys);
    };
    actors.set('owner', { cookie: owner.cookie, keys: new Set(PERMISSION_KEYS) });
    for (const [label, kind] of [
      ['Therapist (built-in)', 'therapist'],
      ['Front desk (built-in)', 'staff'],
    ] as const) {
      const member = await createMember(t, orgId, kind);
      actors.set(label, { cookie: member.cookie, keys: await keysOf(member) });
    }
    const withRole = async (label: string, keys: PermissionKey[]) => {
      const role = await send('POST', `/api/tenant-management/organization/${orgId}/roles/`, { name: label, permission_keys: keys });
      expect(role.statusCode, role.body).toBe(201);
      const member = await createMember(t, orgId, 'staff');
      const given = await send(
        'PATCH',
        `/api/tenant-management/organization/${owner.organizationCode}/memberships/${member.membershipId}/role/`,
        {
          role_id: (role.json() as { id: string }).id,
        },
      );
      expect(given.statusCode, given.body).toBe(200);
      const keys_ = await keysOf(member);
      actors.set(label, { cookie: member.cookie, keys: keys_ });
      return keys_;
    };
    expect([...(await withRole('custom role, no key', []))]).toEqual([]);
    for (const key of new Set(api.map((r) => r.permission).filter((k): k is PermissionKey => k !== null))) {
      expect(await withRole(`custom role, ${key}`, [key])).toContain(key);
    }
  }, 120_000);

  it('answers 403 exactly when the role lacks the route’s key, and never when it holds it', async () => {
    expect(api.length).toBeGreaterThanOrEqual(29);
    const org = { id: owner.organizationId!, code: owner.organizationCode! };
    const mismatches: string[] = [];
    let requests = 0;
    let refused = 0;
    for (const route of api) {
      const asked = ['owner', 'Therapist (built-in)', 'Front desk (built-in)', 'custom role, no key'];
      asked.push(route.permission ? `custom role, ${route.permission}` : 'custom role, no key');
      for (const label of new Set(asked)) {
        const actor = actors.get(label)!;
        const { url, body } = requestFor(route, org);
        const res = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: { cookie: actor.cookie },
          ...(body === undefined
            ? {}
            : { payload: JSON.stringify(body), headers: { cookie: actor.cookie, 'content-type': 'application/json' } }),
        });
        requests += 1;
        const holds = route.permission === null || actor.keys.has(route.permission);
        const forbidden = res.statusCode === 403;
        refused += forbidden ? 1 : 0;
        if (holds === forbidden || res.statusCode >= 500 || (forbidden && (res.json() as { code: string }).code !== 'FORBIDDEN')) {
          mismatches.push(
            `${route.method} ${route.path} [${route.permission ?? 'any member'}] × ${label}: ${holds ? 'holds' : 'lacks'} the key, answered ${res.statusCode} ${res.body.slice(0, 160)}`,
          );
        }
      }
    }
    console.log(
      `role matrix: ${api.length} organization routes, ${requests} requests, ${refused} refused with 403, ${mismatches.length} mismatches`,
    );
    expect(mismatches).toEqual([]);
    // The walk reached the permission check both ways.
    expect(refused).toBeGreaterThan(api.length);
    expect(requests - refused).toBeGreaterThan(api.length);
  }, 120_000);

  it('answers 404 on every route that names this organization to the owner of another one (who holds every key there)', async () => {
    const outsider = await createOwner(t);
    const org = { id: owner.organizationId!, code: owner.organizationCode! };
    const naming = api.filter(
      (r) => /:org(Id|Code)\b/.test(r.path) || (r.operation.parameters ?? []).some((p) => p.in === 'query' && p.name === 'organization_id'),
    );
    expect(naming.length).toBeGreaterThanOrEqual(20);
    const wrong: string[] = [];
    for (const route of naming) {
      const { url, body } = requestFor(route, org);
      const res = await t.app.inject({
        method: route.method as 'GET',
        url,
        headers: { cookie: outsider.cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });
      if (res.statusCode !== 404 || (res.json() as { code: string }).code !== 'NOT_FOUND') {
        wrong.push(`${route.method} ${route.path} → ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    }
    console.log(`cross-organization: ${naming.length} routes naming the organization, ${wrong.length} not 404`);
    expect(wrong).toEqual([]);
  });
});
