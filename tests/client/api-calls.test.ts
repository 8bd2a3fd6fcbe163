import { describe, expect, it } from 'vitest';
import type { Call } from '../../contract/http';
import * as contract from '../../contract/index';
import * as routes from '../../contract/routes';
import { loadCall } from '../../src/shared/api/calls';

const isCall = (value: unknown): value is Call => typeof value === 'object' && value !== null && 'route' in value && 'access' in value;
const allRoutes = Object.values(routes).flatMap((feature) =>
  typeof feature === 'object' ? Object.values(feature as Record<string, routes.Route>) : [],
);

describe('routes and their calls (the app loads schemas by route)', () => {
  it('finds, for every route, the call of the same name in its feature, sitting at that route', async () => {
    expect(allRoutes.length).toBeGreaterThanOrEqual(39);
    for (const route of allRoutes) {
      const call = (await loadCall(route)) as Call;
      expect({ route: `${route.feature}.${route.name}`, at: call.route, method: call.method, path: call.path }).toEqual({
        route: `${route.feature}.${route.name}`,
        at: route,
        method: route.method,
        path: route.path,
      });
    }
  });

  it('has a route for every call, under its own name', () => {
    for (const [feature, module] of Object.entries(contract)) {
      for (const [name, value] of Object.entries(module)) {
        if (isCall(value)) {
          expect(`${value.route.feature}.${value.route.name}`).toBe(`${feature}.${name}`);
        }
      }
    }
  });

  it('names each method and path once: no two routes share them', () => {
    const keys = allRoutes.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
