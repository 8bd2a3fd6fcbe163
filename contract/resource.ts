import type { z } from 'zod';
import { BulkDeleteBody, BulkDeleteResult, type Call, defineCall, Ok, type PermissionKey, type Route } from './http';

type Empty = z.ZodObject<{}>;
type OrgAccess = { kind: 'org'; permission: PermissionKey };

/**
 * The standard calls on a collection the owner manages (services, departments, a department's
 * team, ...), configured once per collection: the key to see it, the key to change it, the params
 * that name the collection (e.g. the organization) and those that name one of its items. Each call
 * then needs only its route, its summary and what is particular to it; a call that is not standard
 * is declared with `defineCall` next to these.
 */
export interface ResourceConfig<CP extends z.ZodType, IP extends z.ZodType, IQ extends z.ZodType> {
  view: PermissionKey;
  manage: PermissionKey;
  /** Params of the calls on the whole collection: list, create, bulk delete. */
  collection: CP;
  /** Params of the calls on one item: get, update, delete. */
  item: IP;
  /** Query of the calls on one item (e.g. the organization they act in, when the path names none). */
  itemQuery?: IQ;
}

export function defineResource<CP extends z.ZodType, IP extends z.ZodType, IQ extends z.ZodType = Empty>(
  config: ResourceConfig<CP, IP, IQ>,
) {
  const view: OrgAccess = { kind: 'org', permission: config.view };
  const manage: OrgAccess = { kind: 'org', permission: config.manage };
  const { collection, item, itemQuery } = config;
  return {
    /** A page (or all) of the collection. */
    list<R extends z.ZodType, Q extends z.ZodType = Empty>(
      route: Route,
      summary: string,
      response: R,
      query?: Q,
    ): Call<CP, Q, Empty, R, OrgAccess> {
      return defineCall(route, { summary, access: view, params: collection, query, response });
    },
    /** Adds an item; answers it with 201. */
    create<B extends z.ZodType, R extends z.ZodType>(
      route: Route,
      summary: string,
      body: B,
      response: R,
    ): Call<CP, Empty, B, R, OrgAccess> {
      return defineCall(route, { summary, access: manage, params: collection, body, response, status: 201 });
    },
    get<R extends z.ZodType>(route: Route, summary: string, response: R): Call<IP, IQ, Empty, R, OrgAccess> {
      return defineCall(route, { summary, access: view, params: item, query: itemQuery, response });
    },
    update<B extends z.ZodType, R extends z.ZodType>(route: Route, summary: string, body: B, response: R): Call<IP, IQ, B, R, OrgAccess> {
      return defineCall(route, { summary, access: manage, params: item, query: itemQuery, body, response });
    },
    /** Every delete of one item answers the same `{ ok: true }`. */
    remove<P extends z.ZodType = IP>(route: Route, summary: string, params?: P): Call<P, IQ, Empty, typeof Ok, OrgAccess> {
      return defineCall(route, { summary, access: manage, params: (params ?? item) as P, query: itemQuery, response: Ok });
    },
    /** `{ids}` in, one transaction, and which ids failed and why out; the collection's params unless given. */
    bulkDelete<P extends z.ZodType = CP, Q extends z.ZodType = Empty>(
      route: Route,
      summary: string,
      at?: { params?: P; query?: Q },
    ): Call<P, Q, typeof BulkDeleteBody, typeof BulkDeleteResult, OrgAccess> {
      const params = (at?.params ?? collection) as P;
      return defineCall(route, { summary, access: manage, params, query: at?.query, body: BulkDeleteBody, response: BulkDeleteResult });
    },
  };
}
