import { expect, it, vi } from 'vitest';
import { PERMISSION_KEYS, type Call } from '../../contract/http';
import * as contract from '../../contract/index';
import { describeServer, useTestApp } from '../helpers/test-app';
import { registeredRoutes as routes } from '../helpers/route-catalog';

// Every route the app registers (tests/helpers/route-catalog.ts).
vi.mock('fastify', async (original) => (await import('../helpers/route-catalog')).recordingFastify(original));

/** Served by @fastify/swagger-ui: the API documentation is public by design. */
const DOCS_PREFIX = '/api/docs';

const isCall = (value: unknown): value is Call =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'access' in value;

describeServer('registered routes', () => {
  const t = useTestApp();

  it('declares access on every API route: public, user, or org with a known permission or any member', () => {
    expect(t.app).toBeDefined();
    const api = routes.filter((r) => r.url?.startsWith('/api/') && !r.url.startsWith(DOCS_PREFIX));
    expect(api.length).toBeGreaterThan(10);
    const undeclared = api.filter((r) => {
      const access = (r.config as { access?: { kind?: string; permission?: string | null } } | undefined)?.access;
      if (!access) {
        return true;
      }
      if (access.kind === 'org') {
        // null: any member of the organization (what may I do here); else a known key.
        return access.permission !== null && !(PERMISSION_KEYS as readonly string[]).includes(access.permission ?? '');
      }
      return access.kind !== 'public' && access.kind !== 'user';
    });
    expect(undeclared.map((r) => `${String(r.method)} ${r.url}`)).toEqual([]);
  });

  it('marks the routes outside /api (health, readiness) public too', () => {
    const others = routes.filter((r) => !r.url?.startsWith('/api/'));
    expect(others.map((r) => r.url)).toEqual(expect.arrayContaining(['/healthz', '/readyz']));
    for (const route of others) {
      expect({ url: route.url, access: (route.config as { access?: unknown } | undefined)?.access }).toEqual({
        url: route.url,
        access: { kind: 'public' },
      });
    }
  });

  it('registers every call of the contract with its declared access', () => {
    const calls = Object.values(contract).flatMap((module) => Object.values(module).filter(isCall));
    expect(calls.length).toBeGreaterThanOrEqual(39);
    for (const call of calls) {
      const route = routes.find(
        (r) => r.url === call.path && (r.method === call.method || (Array.isArray(r.method) && r.method.includes(call.method))),
      );
      expect({ call: `${call.method} ${call.path}`, access: route?.config && (route.config as { access?: unknown }).access }).toEqual({
        call: `${call.method} ${call.path}`,
        access: call.access,
      });
    }
  });

  it('publishes every contract call in the OpenAPI document at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\./);
    const calls = Object.values(contract).flatMap((module) => Object.values(module).filter(isCall));
    const missing = calls.filter((call) => {
      const path = call.path.replace(/:([A-Za-z_]+)/g, '{$1}');
      return !doc.paths[path]?.[call.method.toLowerCase()];
    });
    expect(missing.map((c) => `${c.method} ${c.path}`)).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/' })).statusCode).toBe(200);
  });
});
