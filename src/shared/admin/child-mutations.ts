import type { QueryKey } from '@tanstack/react-query';
import type { Route } from '../../../contract/routes/define';
import { api, type InputAt } from '../api/client';
import { useRefreshingMutation, type RefreshAfter } from '../api/refreshing-mutation';

type KeyOf<T> = keyof NonNullable<T> & string;

/** Links the one a picker chose to the parent (the path's `:id`): `field` is the body's field that names it. */
interface ChildAdd<R extends Route> {
  route: R;
  errorText: string;
  field: KeyOf<InputAt<R>['body']>;
  after: RefreshAfter;
}

/**
 * Takes one row out of the parent's list: `param` is the path's parameter that names the row, beside
 * the parent's `:id` (`enrollmentId`), or `id` itself where the row is addressed on its own (a seat).
 */
interface ChildRemove<R extends Route> {
  route: R;
  errorText: string;
  param: KeyOf<InputAt<R>['params']>;
}

/**
 * The calls that change one child list (a classroom's seats, a department's team), with the root of
 * the queries they refresh (a change may move the list, the parent's counts and its detail). A refused
 * add stays in the picker's dialog, which shows why, so it is no toast; a refused removal is one.
 */
export interface ChildRows<A extends Route, R extends Route> {
  refresh: (orgCode: string) => QueryKey;
  add: ChildAdd<A>;
  remove: ChildRemove<R>;
}

/** A child list's table, its routes read from it so each field and parameter is checked against its own route. */
export const childRows = <A extends Route, R extends Route>(rows: ChildRows<A, R>): ChildRows<A, R> => rows;

/** The input of a child's call: one shape for every route of the tables, which TypeScript cannot check against each route's own. */
const childInput = <R extends Route>(input: { params: Record<string, string>; body?: Record<string, string> }) =>
  input as unknown as InputAt<R>;

/** Link the picked one (by its key) to the parent. */
export function useAddChildMutation<A extends Route>(
  rows: Pick<ChildRows<A, Route>, 'refresh' | 'add'>,
  orgCode: string,
  parentId: string,
) {
  const { route, errorText, field, after } = rows.add;
  const add = (key: string) => api(route, childInput<A>({ params: { id: parentId }, body: { [field]: key } }));
  return useRefreshingMutation([rows.refresh(orgCode)], after, add, { errorText, inlineError: true });
}

/** Take one row (by its key) out of the parent's list. */
export function useRemoveChildMutation<R extends Route>(
  rows: Pick<ChildRows<Route, R>, 'refresh' | 'remove'>,
  orgCode: string,
  parentId: string,
) {
  const { route, errorText, param } = rows.remove;
  const remove = (key: string) => api(route, childInput<R>({ params: { id: parentId, [param]: key } }));
  return useRefreshingMutation([rows.refresh(orgCode)], 'settled', remove, { errorText });
}
