import { beforeAll, expect, it, vi } from 'vitest';
import { PERMISSION_KEYS, type PermissionKey } from '../../contract/http';
import { describeServer, useTestApp } from '../helpers/test-app';
import { apiRoutes, type ApiRoute } from '../helpers/route-catalog';
import { requestFor } from '../helpers/route-requests';
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
