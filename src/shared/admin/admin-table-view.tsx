import { useMemo } from 'react';
import { FlexRender, useTable, type RowSelectionState, type SortingState, type Updater } from '@tanstack/react-table';
import { adminFeatures, orderingFromSorting, sortingFromOrdering, type AdminColumn } from './admin-table';

interface AdminTableViewProps<T extends { id: string }> {
  caption: string;
  columns: AdminColumn<T>[];
  rows: T[];
  ordering: string;
  defaultOrdering: string;
  onOrderingChange: (ordering: string) => void;
  /** Selection by id; omitted: no selection column. */
  selection?: RowSelectionState;
  onSelectionChange?: (selection: RowSelectionState) => void;
  /** Accessible name of a row's checkbox ("Select Speech therapy"). */
  rowLabel: (row: T) => string;
  isStale?: boolean;
}

const apply = <S,>(updater: Updater<S>, current: S): S => (typeof updater === 'function' ? (updater as (s: S) => S)(current) : updater);
const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/** The table itself: a real <table> with a caption, sortable headers as buttons, and a checkbox per row. */
// size: 95 lines — one table: its head and body read the same table instance and selection, and the
// markup of header, checkbox and cell reads best next to the rows it lines up with.
export function AdminTableView<T extends { id: string }>(props: AdminTableViewProps<T>) {
  const { caption, columns, rows, ordering, defaultOrdering, onOrderingChange, selection, onSelectionChange, rowLabel, isStale } = props;
  const sorting = useMemo(() => sortingFromOrdering(ordering), [ordering]);
  const table = useTable({
    features: adminFeatures,
    columns,
    data: rows,
    getRowId: (row) => row.id,
    manualSorting: true,
    enableSortingRemoval: false,
    enableMultiSort: false,
    enableRowSelection: selection !== undefined,
    state: { sorting, rowSelection: selection ?? {} },
    onSortingChange: (updater) => onOrderingChange(orderingFromSorting(apply<SortingState>(updater, sorting), defaultOrdering)),
    onRowSelectionChange: (updater) => onSelectionChange?.(apply<RowSelectionState>(updater, selection ?? {})),
  });
  const hasSelection = selection !== undefined;
  return (
    <div className={isStale ? 'admin-table admin-table--stale' : 'admin-table'} aria-busy={isStale || undefined}>
      <table>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {hasSelection && (
                <th scope="col" className="admin-table__select">
                  <label className="admin-table__hit">
                    <input
                      type="checkbox"
                      aria-label="Select all on this page"
                      checked={table.getIsAllPageRowsSelected()}
                      ref={(el) => {
                        if (el) {
                          el.indeterminate = table.getIsSomePageRowsSelected();
                        }
                      }}
                      onChange={table.getToggleAllPageRowsSelectedHandler()}
                      disabled={rows.length === 0}
                    />
                  </label>
                </th>
              )}
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                const label = header.isPlaceholder ? null : <FlexRender header={header} />;
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={sorted ? ARIA_SORT[sorted] : undefined}
                    className={`admin-table__th admin-table__th--${header.column.id}`}
                  >
                    {header.column.getCanSort() ? (
                      <button type="button" className="admin-table__sort" onClick={header.column.getToggleSortingHandler()}>
                        {label}
                        <span aria-hidden="true" className="admin-table__sort-mark">
                          {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                        </span>
                      </button>
                    ) : (
                      label
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} className={row.getIsSelected() ? 'admin-table__row--selected' : undefined}>
              {hasSelection && (
                <td className="admin-table__select">
                  <label className="admin-table__hit">
                    <input
                      type="checkbox"
                      aria-label={`Select ${rowLabel(row.original)}`}
                      checked={row.getIsSelected()}
                      onChange={row.getToggleSelectedHandler()}
                    />
                  </label>
                </td>
              )}
              {row.getAllCells().map((cell) => (
                <td key={cell.id} className={`admin-table__td admin-table__td--${cell.column.id}`}>
                  <FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
