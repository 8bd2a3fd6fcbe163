import { z } from 'zod';
import { id } from './fields';
import type { Method, Route } from './routes';

export type { Method, Route };

/**
 * Who may make a call. Every call declares one; the server refuses to register a call without it
 * and a test enumerates the routes to prove it.
 * - public: no session needed
 * - user: any signed-in user (their own data, e.g. account settings)
 * - org: a signed-in user acting in the organization named by the path, holding the permission
 */
export type Access = { kind: 'public' } | { kind: 'user' } | { kind: 'org'; permission: PermissionKey };

/** Permission keys that organization roles hold (spec §6). Owners hold all of them. */
export const PERMISSION_KEYS = [
  'organization.view',
  'organization.manage',
  'members.view',
  'members.manage',
  'students.view',
  'students.manage',
  'goals.view',
  'goals.manage',
  'sessions.view',
  'sessions.manage',
  'sessions.run',
  'collector.record',
  'workspace.use',
] as const;
export type PermissionKey = (typeof PERMISSION_KEYS)[number];

export interface Call<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  A extends Access = Access,
> {
  /** Where the call goes (contract/routes.ts); method and path are copied from it. */
  route: Route;
  method: Method;
  path: string;
  summary: string;
  /** Kept as its literal type, so the server knows at compile time that an 'org' call has an org. */
  access: A;
  params: P;
  query: Q;
  body: B;
  response: R;
  /** Status of a successful answer (200 unless stated). */
  status?: number;
}

const Empty = z.object({});
type EmptyT = typeof Empty;

/**
 * Declares one call at its route. Missing parts default to an empty object so both sides can rely
 * on them.
 */
export function defineCall<
  P extends z.ZodType = EmptyT,
  Q extends z.ZodType = EmptyT,
  B extends z.ZodType = EmptyT,
  R extends z.ZodType = z.ZodType,
  A extends Access = Access,
>(
  route: Route,
  call: {
    summary: string;
    access: A;
    params?: P;
    query?: Q;
    body?: B;
    response: R;
    status?: number;
  },
): Call<P, Q, B, R, A> {
  return {
    route,
    method: route.method,
    path: route.path,
    ...call,
    params: (call.params ?? Empty) as P,
    query: (call.query ?? Empty) as Q,
    body: (call.body ?? Empty) as B,
  };
}

export type CallInput<C extends Call> = (z.input<C['params']> extends Record<string, never>
  ? { params?: z.input<C['params']> }
  : { params: z.input<C['params']> }) & { query?: z.input<C['query']>; body?: z.input<C['body']> };
export type CallResponse<C extends Call> = z.output<C['response']>;

/** Pagination shape from design.md. */
export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
export function paginated<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}

export const Uuid = id();
export const Ok = z.object({ ok: z.literal(true) });
