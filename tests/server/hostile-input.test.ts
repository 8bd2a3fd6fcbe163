import { beforeAll, expect, it, vi } from 'vitest';
import { describeServer, useTestApp, type TestApp } from '../helpers/test-app';
import { apiRoutes, type ApiRoute } from '../helpers/route-catalog';
import { createWorld, trialPoint } from '../helpers/collector-fixtures';
import { snapshot } from '../helpers/db';
import { encodePath, queryString, variantsOf, type HostileWorld } from '../helpers/hostile-values';
import { nothingToChange } from '../helpers/nothing-to-change';
import { signIn } from '../factories/accounts';

/**
 * Every route the app registers, driven with hostile values in every field and parameter: no answer
 * may be a 5xx and nothing may be written. Routes come from the app itself (tests/helpers/route-catalog.ts)
 * and their fields from the OpenAPI document, so a route added later is covered without touching this
 * file. One hostile value per request, the other fields valid (real ids of a seeded organization), so
 * each value gets as deep into the route as validation lets it. Every update (PATCH or PUT) is also sent
 * bodies that name nothing it can change, to its real records where the world has them: each must be
 * refused with 400 and a sentence.
 */

vi.mock('fastify', async (original) => (await import('../helpers/route-catalog')).recordingFastify(original));

/**
 * The catalog is walked in parts, a test each, so that each keeps within its time on a loaded machine
 * as the routes grow; in one file, so the server is imported and the world seeded once.
 */
const PARTS = 4;

describeServer('hostile input on every route', () => {
  const t = useTestApp();
  let world: HostileWorld;
  let api: ApiRoute[] = [];
  const partOf = (part: number) => api.filter((_, index) => index % PARTS === part - 1);

  beforeAll(async () => {
    world = await hostileWorld(t);
    api = await apiRoutes(t.app);
  });

  for (let part = 1; part <= PARTS; part++) {
    it(`answers no hostile value with a 5xx and writes nothing (routes, part ${part} of ${PARTS})`, async () => {
      expect(api.length).toBeGreaterThanOrEqual(39);
      await expectNoHarm(t, world, partOf(part));
    }, 120_000);
  }

  it('sends every update with a field to change the bodies that name none', () => {
    const updates = api.filter((route) => route.method === 'PATCH' || route.method === 'PUT');
    const covered = updates.filter((route) => nothingToChange(route, world).length > 0);
    // Those left out are actions whose body has no field to change (archive, close a workspace).
    expect(covered.length).toBeGreaterThanOrEqual(25);
    // Where an update's body says where it acts, the bodies go once more with that filled in.
    expect(
      nothingToChange(
        updates.find((route) => route.path === '/api/scheduling/therasessions/:id/')!,
        world,
      ),
    ).toHaveLength(6);
  });

  it('answers 401 and nothing else on every route that needs a sign-in, whatever the input', async () => {
    await expectSignInNeeded(t, api);
  });
});

/**
 * The collector's world, a recorded point (for the correction route), an open workspace usage (for
 * the close route) and records of the organization to change.
 */
async function hostileWorld(t: TestApp): Promise<HostileWorld> {
  const base = await createWorld(t);
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
  return { ...base, pointId: point.id, usageId: (opened.json() as { id: string }).id, records };
}

async function expectNoHarm(t: TestApp, world: HostileWorld, routes: ApiRoute[]): Promise<void> {
  const failures: string[] = [];
  const writes: string[] = [];
  const accepted: string[] = [];
  const cacheable: string[] = [];
  const notRefused: string[] = [];
  let requests = 0;
  // Its own sign-in: a part does not depend on what the one before it did to the session.
  let cookie = await signIn(t, world.org.owner.email);
  const started = Date.now();

  for (const route of routes) {
    const before = await snapshot(t.database);
    for (const variant of [...variantsOf(route, world), ...nothingToChange(route, world)]) {
      requests += 1;
      const sendsJson = variant.body !== undefined || variant.raw !== undefined;
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: encodePath(route.path, variant.params) + queryString(variant.query),
        headers: { cookie, ...(sendsJson ? { 'content-type': 'application/json' } : {}) },
        ...(variant.raw !== undefined
          ? { payload: variant.raw }
          : variant.body !== undefined
            ? { payload: JSON.stringify(variant.body) }
            : {}),
      });
      const what = `${route.method} ${route.path} — ${variant.label} → ${res.statusCode}`;
      if (res.statusCode >= 500) {
        failures.push(`${what} ${res.body.slice(0, 200)}`);
      }
      if (res.headers['cache-control'] !== 'no-store') {
        cacheable.push(`${what} Cache-Control: ${String(res.headers['cache-control'])}`);
      }
      if (res.statusCode < 300 && route.method !== 'GET') {
        accepted.push(what);
      }
      if (
        variant.namesNothing &&
        (res.statusCode !== 400 || !/[A-Za-z]+ [A-Za-z]+/.test(String(res.json<{ detail?: unknown }>().detail)))
      ) {
        notRefused.push(`${what} ${res.body.slice(0, 200)}`);
      }
    }
    if (JSON.stringify(await snapshot(t.database)) !== JSON.stringify(before)) {
      writes.push(`${route.method} ${route.path}`);
      // If a hostile call ended or locked the session (a write, reported above), the next routes are
      // still driven signed in, not answered 401 before their input is read.
      cookie = await signIn(t, world.org.owner.email);
    }
  }

  console.log(
    `hostile input: ${routes.length} routes, ${requests} requests, ${failures.length} × 5xx, ${writes.length} routes wrote (${Date.now() - started} ms)`,
  );
  expect(failures).toEqual([]);
  expect(writes).toEqual([]);
  expect(accepted).toEqual([]);
  // An update naming nothing to change is refused with a sentence, not answered as if kept.
  expect(notRefused).toEqual([]);
  // Every API answer, refused ones included, is kept by no cache.
  expect(cacheable).toEqual([]);
  // The owner is still signed in and unlocked: no hostile call reached logout or lock.
  const session = await t.app.inject({ method: 'GET', url: '/api/users/auth/session/', headers: { cookie } });
  expect(session.json()).toMatchObject({ locked: false });
}

async function expectSignInNeeded(t: TestApp, routes: ApiRoute[]): Promise<void> {
  const needsSignIn = routes.filter((r) => r.access.kind !== 'public');
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
}
