import type { QueryKey } from '@tanstack/react-query';
import type { Route } from '../../../contract/routes/define';
import { api, type BodyAt, type InputAt } from '../api/client';
import { useRefreshingMutation } from '../api/refreshing-mutation';

/** One call that changes rows: its route and the fallback text of its failure. */
interface RowCall<R extends Route> {
  route: R;
  errorText: string;
}

/** A form's call also says in a toast that it worked. */
interface RowSave<R extends Route> extends RowCall<R> {
  successText: string;
}

/**
 * The calls that change the rows of one organization's admin list, with the root of the queries they
 * refresh (a change may move the list, its counts and the row's detail). Their paths name the
 * organization `:orgCode` and the row `:id`; a path that names neither is given them and ignores them.
 */
export interface AdminRows {
  refresh: (orgCode: string) => QueryKey;
  create: RowSave<Route>;
  update: RowSave<Route>;
  remove: RowCall<Route>;
  bulkRemove?: RowCall<Route>;
}

/** The input of a row's call: one shape for every route of the table, which TypeScript cannot check against each route's own. */
function rowInput<R extends Route>(orgCode: string, id?: string, body?: unknown): InputAt<R> {
  return { params: { orgCode, id }, body } as unknown as InputAt<R>;
}

type Rows<K extends keyof AdminRows, C> = Pick<AdminRows, 'refresh'> & Record<K, C>;

/**
 * A row's form calls (useEditForm's `calls`): create a new one, or save the edit of one by its id. Their
 * errors show on the form, and a toast says each worked.
 */
export function useSaveRowMutations<C extends Route, U extends Route>(
  rows: Pick<AdminRows, 'refresh'> & { create: RowSave<C>; update: RowSave<U> },
  orgCode: string,
) {
  const refresh = [rows.refresh(orgCode)];
  const { create, update } = rows;
  const createRow = (body: BodyAt<C>) => api(create.route, rowInput<C>(orgCode, undefined, body));
  const updateRow = ({ id, body }: { id: string; body: BodyAt<U> }) => api(update.route, rowInput<U>(orgCode, id, body));
  return {
    create: useRefreshingMutation(refresh, 'success', createRow, {
      errorText: create.errorText,
      inlineError: true,
      successText: create.successText,
    }),
    update: useRefreshingMutation(refresh, 'success', updateRow, {
      errorText: update.errorText,
      inlineError: true,
      successText: update.successText,
    }),
    // The form's summary says which one failed in these words.
    errorText: { create: create.errorText, update: update.errorText },
  };
}

/** Delete one row; a refusal is a toast. */
export function useDeleteRowMutation<R extends Route>(rows: Rows<'remove', RowCall<R>>, orgCode: string) {
  const { route, errorText } = rows.remove;
  const remove = (id: string) => api(route, rowInput<R>(orgCode, id));
  return useRefreshingMutation([rows.refresh(orgCode)], 'settled', remove, { errorText });
}

/** Delete the chosen rows in one call, which answers which ones it could not delete and why. */
export function useBulkDeleteRowsMutation<R extends Route>(rows: Rows<'bulkRemove', RowCall<R>>, orgCode: string) {
  const { route, errorText } = rows.bulkRemove;
  const bulkRemove = (ids: string[]) => api(route, rowInput<R>(orgCode, undefined, { ids }));
  return useRefreshingMutation([rows.refresh(orgCode)], 'settled', bulkRemove, { errorText });
}
