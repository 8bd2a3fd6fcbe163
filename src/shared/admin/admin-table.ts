import {
  createColumnHelper,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  type ColumnDef,
  type RowData,
  type SortingState,
} from '@tanstack/react-table';

/**
 * The admin kit's table (TanStack Table v9, headless): sorting and row selection only. Pages,
 * search, filters and sorting all run on the server, so the table keeps no client row models:
 * it renders the page it is given and reports what the user asked for.
 */
export const adminFeatures = tableFeatures({ rowSortingFeature, rowSelectionFeature });
export type AdminFeatures = typeof adminFeatures;
export type AdminColumn<T extends RowData> = ColumnDef<AdminFeatures, T, any>;
export const adminColumnHelper = <T extends RowData>() => createColumnHelper<AdminFeatures, T>();

/** "-price" ↔ [{ id: 'price', desc: true }]: the API's ordering and the table's sorting state. */
export function sortingFromOrdering(ordering: string): SortingState {
  return ordering ? [{ id: ordering.replace(/^-/, ''), desc: ordering.startsWith('-') }] : [];
}
export function orderingFromSorting(sorting: SortingState, fallback: string): string {
  const first = sorting[0];
  return first ? `${first.desc ? '-' : ''}${first.id}` : fallback;
}
