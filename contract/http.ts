import { z } from 'zod';
import { atMost, id, orgCode, text } from './fields';
import { LIMITS } from './limits';
import { PERMISSION_KEY_LABELS, PERMISSION_KEYS, type PermissionKey } from './permissions';
import type { Method, Route } from './routes';

export type { Method, PermissionKey, Route };
// The keys are declared per feature (contract/permissions.ts); callers keep finding them here.
export { PERMISSION_KEY_LABELS, PERMISSION_KEYS };

/**
 * Who may make a call. Every call declares one; the server refuses to register a call without it
 * and a test enumerates the routes to prove it.
 * - public: no session needed
 * - user: any signed-in user (their own data, e.g. account settings)
 * - org: a signed-in user acting in the organization named by the path, holding the permission
 *   (`permission: null`: any owner or active member, e.g. "what may I do here"); with
 *   `admitsFormerMembers` a member whose membership ended is let through too, holding their role's
 *   keys, so the service can take what they recorded before the end (the collector's point writes)
 */
export type Access =
  { kind: 'public' } | { kind: 'user' } | { kind: 'org'; permission: PermissionKey | null; admitsFormerMembers?: boolean };

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

/** A call that takes nothing in this part (e.g. no path params where the rest of its group takes some). */
export const NoParams = Empty;

/**
 * Calls that share who may make them and what names where they act (e.g. a collector session's
 * writes), declared once; each call adds its summary and what is its own. A part a call gives
 * replaces the shared one.
 */
export function defineCallGroup<A extends Access, SP extends z.ZodType = EmptyT, SQ extends z.ZodType = EmptyT>(shared: {
  access: A;
  params?: SP;
  query?: SQ;
}) {
  return function groupCall<R extends z.ZodType, B extends z.ZodType = EmptyT, P extends z.ZodType = SP, Q extends z.ZodType = SQ>(
    route: Route,
    summary: string,
    parts: { params?: P; query?: Q; body?: B; response: R; status?: number },
  ): Call<P, Q, B, R, A> {
    const { params = shared.params, query = shared.query, ...rest } = parts;
    return defineCall(route, { summary, access: shared.access, params: params as P | undefined, query: query as Q | undefined, ...rest });
  };
}

export type CallInput<C extends Call> = (z.input<C['params']> extends Record<string, never>
  ? { params?: z.input<C['params']> }
  : { params: z.input<C['params']> }) & { query?: z.input<C['query']>; body?: z.input<C['body']> };
export type CallResponse<C extends Call> = z.output<C['response']>;

/** The organization a call acts in, named by its code in the path. */
export const OrgParams = z.object({ orgCode: orgCode() });
/** One record, named by its id in the path. */
export const IdParams = z.object({ id: id() });
/** A call on one record acts in the session's active organization, or in the one named here. */
export const OrganizationQuery = z.object({ organization_id: id().optional() });
/** A list's search text: trimmed, at most a name's length. */
export const Search = text().trim().max(LIMITS.nameMax, atMost(LIMITS.nameMax)).optional().describe('Matches names, case-insensitively');

/** Page and page size of every list call: pages count from 1, at most 100 rows a page. */
const PageSize = z.coerce.number().int().min(1).max(100);
export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: PageSize.default(20),
});
/**
 * The answer of every paged list: the rows matching its search and filters, a page at a time. A list
 * that answers counts beside its page extends it (`paginated(Service).extend({ ...ActiveCounts })`).
 */
export function paginated<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int().describe('Rows matching the search and filters, over every page'),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}

/**
 * A yes-or-no filter of a list: `true` or `false` in the query string, a boolean once parsed; left
 * out, the list is not narrowed by it. Every such filter is this one, so each side reads it alike.
 */
export const BooleanFilter = (description: string) =>
  z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional()
    .describe(description);

/**
 * The counts of a list of records that can be switched off (`is_active`), over all of the
 * organization's records whatever the search and filters, so the header stays put while one filters.
 */
export const ActiveCounts = {
  count_all: z.number().int().describe('Every record of the organization, whatever the search and filters'),
  count_active: z.number().int(),
  count_inactive: z.number().int(),
};

type ListParts = { search?: z.ZodType; ordering?: z.ZodType; filters?: z.ZodRawShape; pageSize?: number };
type FiltersOf<P> = P extends { filters: infer F extends z.ZodRawShape } ? F : {};

/**
 * The query of a paged list, one shape for every list: the page (`PageQuery`), its search, its
 * filters (a yes-or-no one is `BooleanFilter`) and its ordering, each in the call's own names.
 * `pageSize` is the page size when the query names none, for a list read whole in a few pages.
 */
export function listQuery<const P extends ListParts>(parts: P) {
  const { filters, pageSize, ...rest } = parts;
  const page = pageSize === undefined ? PageQuery : PageQuery.extend({ page_size: PageSize.default(pageSize) });
  return page.extend({ ...(rest as Omit<P, 'filters' | 'pageSize'>), ...(filters as FiltersOf<P>) });
}

/** Bulk calls: `{ids}` in, one transaction, and which ids failed and why out. */
export const BulkDeleteBody = z.object({
  ids: z.array(id()).min(1, 'Choose at least one row.').max(LIMITS.bulkIds, `At most ${LIMITS.bulkIds} at a time.`),
});
export const BulkDeleteResult = z.object({
  deleted: z.array(z.uuid()).describe('Ids deleted by this call'),
  failed: z
    .array(z.object({ id: z.uuid(), code: z.string(), detail: z.string() }))
    .describe('Ids left as they were, each with an error code and the reason'),
});
export type BulkDeleteResult = z.infer<typeof BulkDeleteResult>;

export const Uuid = id();
export const Ok = z.object({ ok: z.literal(true) });

/**
 * The mark `notAChange` leaves on a body field. It travels into the OpenAPI document too, so a client
 * (and the hostile-input walk) can tell there which fields an update changes.
 */
export const NOT_A_CHANGE = 'x-not-a-change';

/**
 * Marks a field of a PATCH or PUT body that says where or how the call acts (the organization it acts
 * in, a conflict override, a device's clock) rather than a field of the record it changes. A body that
 * names only such fields has nothing to change.
 */
export function notAChange<T extends z.ZodType>(schema: T): T {
  return schema.meta({ [NOT_A_CHANGE]: true }) as T;
}

/**
 * The body fields a call may change: those of a PATCH or PUT body that are not marked `notAChange`.
 * None for any other method, and none for an action whose body declares no field of its own (archive,
 * accept a resignation): there `{}` is the whole request.
 */
export function fieldsToChange(call: Pick<Call, 'method' | 'body'>): string[] {
  if ((call.method !== 'PATCH' && call.method !== 'PUT') || !(call.body instanceof z.ZodObject)) {
    return [];
  }
  const shape = call.body.shape as Record<string, z.ZodType>;
  return Object.keys(shape).filter((key) => z.globalRegistry.get(shape[key]!)?.[NOT_A_CHANGE] !== true);
}

/**
 * Whether a body, as it was sent, names nothing to change: the call has fields to change and the body
 * names none of them (empty, or only keys validation drops: unknown ones and read-only ones such as
 * `id`). It reads the keys sent, not the validated body, because a field with a default (a PUT's
 * notes) is in every validated body whether it was sent or not. The server refuses such an update with
 * a sentence rather than answering the record as it was; the app does not send one.
 */
export function namesNothingToChange(call: Pick<Call, 'method' | 'body'>, sent: unknown): boolean {
  const fields = fieldsToChange(call);
  if (fields.length === 0) {
    return false;
  }
  const given = typeof sent === 'object' && sent !== null && !Array.isArray(sent) ? (sent as Record<string, unknown>) : {};
  return fields.every((field) => !Object.hasOwn(given, field) || given[field] === undefined);
}

export const NOTHING_TO_CHANGE = 'Nothing to change: name at least one field to update.';
