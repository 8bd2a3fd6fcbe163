/**
 * How a feature declares where its calls go: method and path per call name. Nothing here imports
 * anything, so the app can name a call, build its URL and send it (the outbox does, the session
 * check at start-up does) without loading the schemas. Each feature's contract file declares the
 * rest of the call (who may make it, what it takes and answers) with `defineCall(route, ...)`; the
 * app's API client loads those schemas on first use (src/shared/api/calls.ts). A contract test
 * checks that every route has its call under the same name, and every call its route.
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Route<F extends string = string, N extends string = string> {
  /** The contract module (contract/index.ts) and the export in it that declares this call. */
  readonly feature: F;
  readonly name: N;
  readonly method: Method;
  /** Path with `:name` parameters, always ending in a slash (trailing slash is optional on the wire). */
  readonly path: string;
}

export function defineRoutes<F extends string, T extends Record<string, readonly [Method, string]>>(
  feature: F,
  table: T,
): { readonly [N in keyof T & string]: Route<F, N> } {
  const routes: Record<string, Route> = {};
  for (const [name, [method, path]] of Object.entries(table)) {
    routes[name] = Object.freeze({ feature, name, method, path });
  }
  return routes as { readonly [N in keyof T & string]: Route<F, N> };
}

/** Fills `:name` parameters of a path. */
export function buildPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) {
      throw new Error(`Missing path parameter ${name}`);
    }
    return encodeURIComponent(String(value));
  });
}

/** Path prefixes several features' routes share. */
export const TENANT = '/api/tenant-management';
export const MEMBERSHIP = `${TENANT}/organization/:orgCode/memberships/:id`;
