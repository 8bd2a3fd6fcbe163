import type { FastifyInstance, RouteOptions } from 'fastify';
import type { Access } from '../../contract/http';

/**
 * Every route the app registers, for the tests that walk all of them (routes, hostile input, the
 * role matrix), so a route added later is covered without touching those tests.
 *
 * Routes registered inside buildApp are only seen by an onRoute hook attached the moment Fastify is
 * created, so a test file that walks them replaces Fastify's factory with one that attaches it
 * (nothing else about Fastify changes). vi.mock is hoisted above imports, so it names this module
 * through a dynamic import:
 *
 *   vi.mock('fastify', async (original) => (await import('../helpers/route-catalog')).recordingFastify(original));
 */
export type RegisteredRoute = Pick<RouteOptions, 'method' | 'url' | 'config'>;

/** Filled as the app registers its routes (the file's test app, built in its beforeAll). */
export const registeredRoutes: RegisteredRoute[] = [];

export async function recordingFastify(importOriginal: () => Promise<typeof import('fastify')>) {
  const real = await importOriginal();
  const create = ((options?: Parameters<typeof real.default>[0]) => {
    const app = real.default(options);
    app.addHook('onRoute', (route) => {
      registeredRoutes.push({ method: route.method, url: route.url, config: route.config });
    });
    return app;
  }) as typeof real.default;
  return { ...real, default: create };
}

/** The parts of an OpenAPI schema the walking tests read. */
export interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  exclusiveMinimum?: number;
  maxItems?: number;
  minItems?: number;
  minLength?: number;
  pattern?: string;
  default?: unknown;
  /** A body field that says where or how an update acts, not what it changes (contract/http.ts, notAChange). */
  'x-not-a-change'?: boolean;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

export interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}

/** One method of one registered /api route, with its declared access and its OpenAPI operation. */
export interface ApiRoute {
  method: string;
  path: string;
  access: Access;
  operation: Operation;
}

/** The API's routes as registered (the documentation's own routes and HEAD left out), each with its OpenAPI operation. */
export async function apiRoutes(app: FastifyInstance): Promise<ApiRoute[]> {
  const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  return registeredRoutes
    .filter((r) => r.url?.startsWith('/api/') && !r.url.startsWith('/api/docs'))
    .flatMap((r) =>
      (Array.isArray(r.method) ? r.method : [r.method]).filter((m) => m !== 'HEAD').map((method) => ({ r, method: String(method) })),
    )
    .map(({ r, method }) => ({
      method,
      path: r.url!,
      access: (r.config as { access: Access }).access,
      operation: doc.paths[r.url!.replace(/:([A-Za-z_]+)/g, '{$1}')]?.[method.toLowerCase()] ?? {},
    }));
}

/** The non-null branch of a nullable schema (zod's nullable/optional become anyOf with null). */
export function concrete(schema: JsonSchema | undefined): JsonSchema {
  if (!schema) {
    return {};
  }
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    return concrete(branches.find((b) => b.type !== 'null') ?? branches[0]);
  }
  if (schema.allOf?.length) {
    return concrete(Object.assign({}, ...schema.allOf) as JsonSchema);
  }
  return schema;
}

export const typeOf = (schema: JsonSchema): string => {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  return type ?? (schema.properties ? 'object' : schema.enum ? 'string' : 'unknown');
};
