import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { IonButton, IonIcon } from '@ionic/react';
import { createOutline, searchOutline, trashOutline } from 'ionicons/icons';
import type { RowSelectionState } from '@tanstack/react-table';
import { errorText } from '../api/error-text';
import { EmptyState, ErrorState, LoadingState } from '../ui/page-states';
import { TextField } from '../ui/text-field';
import { dismissConfirmations, showToast } from '../ui/toast-store';
import { adminColumnHelper, type AdminColumn } from './admin-table';
import type { BulkDeleteResult } from '../../../contract/http';
import { AdminTableView } from './admin-table-view';
import { AdminPagination } from './admin-pagination';
import { BulkDeleteReport, type BulkReport } from './bulk-delete-report';
import { ConfirmDialog } from './confirm-dialog';
import type { ListControls } from './use-list-state';
import './admin.css';

export interface AdminListQuery<T> {
  data: { count: number; results: T[] } | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

export interface AdminListProps<T extends { id: string }, F extends Record<string, string>> {
  noun: { one: string; many: string };
  columns: AdminColumn<T>[];
  query: AdminListQuery<T>;
  fetchErrorText: string;
  list: ListControls<F>;
  defaultOrdering: string;
  /** True when the search or a filter narrows the list (an empty answer then means "no match"). */
  isNarrowed: boolean;
  onClearNarrowing: () => void;
  rowLabel: (row: T) => string;
  stats?: ReactNode;
  filters?: ReactNode;
  actions?: ReactNode;
  empty: { icon: string; title: string; text: string; action?: ReactNode };
  /** Row actions and bulk delete: only for who may manage (the server refuses the rest anyway). */
  onEdit?: (row: T) => void;
  onDelete?: (row: T) => Promise<unknown>;
  /** Rows whose delete the server would refuse (a built-in role) show no Delete; say why elsewhere in the row. */
  canDelete?: (row: T) => boolean;
  onBulkDelete?: (ids: string[]) => Promise<BulkDeleteResult>;
  deleteErrorText?: string;
  /** Words of the delete action when rows are taken out of something rather than deleted ("Remove"). */
  deleteWords?: DeleteWords;
  /** What the confirmation says will happen (default: it cannot be undone). */
  deleteNote?: ReactNode;
  /** What rows are taken out of (with REMOVE_WORDS): "Remove Leo Thompson from Bluebirds?" */
  from?: string;
}

export interface DeleteWords {
  verb: string;
  past: string;
  busy: string;
}
const DELETE_WORDS: DeleteWords = { verb: 'Delete', past: 'Deleted', busy: 'Deleting…' };
/** For rows taken out of something (a team, a classroom, a program) rather than deleted. */
export const REMOVE_WORDS: DeleteWords = { verb: 'Remove', past: 'Removed', busy: 'Removing…' };

type Pending<T> = { kind: 'one'; row: T } | { kind: 'bulk'; ids: string[] } | null;

/**
 * The one way to build an admin list: server-side pages, a debounced search, filters, sortable
 * columns, row selection with a bulk delete that confirms how many and reports which rows failed
 * and why, edit and delete per row, and designed loading, empty and error states.
 */
// size: 187 lines — the selection, the pending delete and the bulk report are shared by the toolbar,
// the bulk bar, the table and the confirmation; the table, pagination and report are components already,
// and the pieces left would pass the same state and setters between them.
export function AdminList<T extends { id: string }, F extends Record<string, string>>(props: AdminListProps<T, F>) {
  const { noun, query, list, onEdit, onDelete, onBulkDelete, rowLabel, canDelete } = props;
  const words = props.deleteWords ?? DELETE_WORDS;
  const from = props.from ? ` from ${props.from}` : '';
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [pending, setPending] = useState<Pending<T>>(null);
  const [isDeleting, setIsDeleting] = useState(false);
  const [report, setReport] = useState<BulkReport | null>(null);
  const rows = useMemo(() => query.data?.results ?? [], [query.data]);
  const word = (n: number) => (n === 1 ? noun.one : noun.many);
  const { page, pageSize, search, ordering, filters } = list.state;

  // A selection belongs to the page on screen: another page, search or filter starts a new one.
  useEffect(() => setSelection({}), [page, pageSize, search, ordering, filters]);

  const columns = useMemo(() => {
    if (!onEdit && !onDelete) {
      return props.columns;
    }
    const helper = adminColumnHelper<T>();
    const actions = helper.display({
      id: 'actions',
      header: () => <span className="visually-hidden">Actions</span>,
      cell: ({ row }) => (
        <div className="admin-row-actions">
          {onEdit && (
            <IonButton fill="clear" onClick={() => onEdit(row.original)} aria-label={`Edit ${rowLabel(row.original)}`}>
              <IonIcon slot="start" icon={createOutline} aria-hidden="true" />
              <span className="admin-row-actions__text">Edit</span>
            </IonButton>
          )}
          {onDelete && (canDelete?.(row.original) ?? true) && (
            <IonButton
              fill="clear"
              color="danger"
              onClick={() => setPending({ kind: 'one', row: row.original })}
              aria-label={`${words.verb} ${rowLabel(row.original)}`}
            >
              <IonIcon slot="start" icon={trashOutline} aria-hidden="true" />
              <span className="admin-row-actions__text">{words.verb}</span>
            </IonButton>
          )}
        </div>
      ),
    });
    return [...props.columns, actions];
  }, [props.columns, onEdit, onDelete, canDelete, rowLabel, words.verb]);

  const selectedIds = Object.keys(selection).filter((id) => selection[id]);
  const labelOf = (id: string) => {
    const row = rows.find((r) => r.id === id);
    return row ? rowLabel(row) : id;
  };

  async function confirm() {
    if (!pending) {
      return;
    }
    setIsDeleting(true);
    try {
      if (pending.kind === 'one') {
        await onDelete?.(pending.row);
        showToast(`${words.past} ${rowLabel(pending.row)}${from}.`, 'success');
      } else if (onBulkDelete) {
        const result = await onBulkDelete(pending.ids);
        setSelection({});
        if (result.failed.length > 0) {
          dismissConfirmations();
          setReport({
            deleted: result.deleted.length,
            past: words.past.toLowerCase(),
            failed: result.failed.map((f) => ({ label: labelOf(f.id), reason: f.detail })),
          });
        } else {
          setReport(null);
          showToast(`${result.deleted.length} ${word(result.deleted.length)} ${words.past.toLowerCase()}.`, 'success');
        }
      }
    } catch {
      // The mutation's one error path already said why (a toast with the call's fallback text).
    } finally {
      setIsDeleting(false);
      setPending(null);
    }
  }

  function body() {
    if (query.isPending) {
      return <LoadingState label={`Loading ${noun.many}…`} />;
    }
    if (query.isError || !query.data) {
      return <ErrorState message={errorText(query.error, props.fetchErrorText)} onRetry={() => void query.refetch()} />;
    }
    if (query.data.count === 0) {
      return props.isNarrowed ? (
        <EmptyState
          icon={searchOutline}
          title={`No ${noun.many} match`}
          action={
            <IonButton fill="outline" onClick={props.onClearNarrowing}>
              Clear search and filters
            </IonButton>
          }
        >
          Try another search, or clear the search and filters to see every {noun.one}.
        </EmptyState>
      ) : (
        <EmptyState icon={props.empty.icon} title={props.empty.title} action={props.empty.action}>
          {props.empty.text}
        </EmptyState>
      );
    }
    return (
      <>
        <AdminTableView
          caption={`${noun.many[0]?.toUpperCase()}${noun.many.slice(1)}`}
          columns={columns}
          rows={rows}
          ordering={ordering}
          defaultOrdering={props.defaultOrdering}
          onOrderingChange={list.setOrdering}
          selection={onBulkDelete ? selection : undefined}
          onSelectionChange={setSelection}
          rowLabel={rowLabel}
          isStale={query.isPlaceholderData}
        />
        <AdminPagination
          page={page}
          pageSize={pageSize}
          count={query.data.count}
          noun={word(query.data.count)}
          onPage={list.setPage}
          onPageSize={list.setPageSize}
        />
      </>
    );
  }

  return (
    <section className="admin-list" aria-label={`${noun.many} list`}>
      {props.stats}
      <div className="admin-toolbar">
        <TextField
          label={`Search ${noun.many}`}
          name="search"
          type="search"
          value={list.state.searchText}
          onChange={list.setSearchText}
          maxlength={120}
        />
        {props.filters}
        <div className="admin-toolbar__actions">{props.actions}</div>
      </div>
      {onBulkDelete && selectedIds.length > 0 && (
        <div className="admin-bulkbar" role="region" aria-label="Selected rows">
          <span>
            {selectedIds.length} {word(selectedIds.length)} selected
          </span>
          <IonButton fill="clear" color="medium" onClick={() => setSelection({})}>
            Clear selection
          </IonButton>
          <IonButton color="danger" onClick={() => setPending({ kind: 'bulk', ids: selectedIds })}>
            <IonIcon slot="start" icon={trashOutline} aria-hidden="true" />
            {words.verb} selected
          </IonButton>
        </div>
      )}
      {report && <BulkDeleteReport report={report} noun={noun} onDismiss={() => setReport(null)} />}
      {body()}
      <ConfirmDialog
        open={pending !== null}
        title={
          pending?.kind === 'bulk'
            ? `${words.verb} ${pending.ids.length} ${word(pending.ids.length)}?`
            : `${words.verb} ${pending ? rowLabel(pending.row) : ''}${from}?`
        }
        confirmLabel={words.verb}
        busyLabel={words.busy}
        isBusy={isDeleting}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      >
        {props.deleteNote ?? <p>This cannot be undone.</p>}
      </ConfirmDialog>
    </section>
  );
}
