import { useState } from 'react';
import { IonButton, IonIcon } from '@ionic/react';
import { AdminDialog } from '../../../shared/admin/admin-dialog';
import { errorText } from '../../../shared/api/error-text';
import { ErrorState, LoadingState } from '../../../shared/ui/page-states';
import { TextField } from '../../../shared/ui/text-field';
import { personAddOutline } from '../icons';

interface PickerDialogProps<T> {
  open: boolean;
  title: string;
  /** "Search members" */
  searchLabel: string;
  searchText: string;
  onSearchText: (text: string) => void;
  /** The candidates for the (debounced) search: the first page, the search narrows the rest. */
  query: {
    data: { count: number; results: T[] } | undefined;
    isPending: boolean;
    isError: boolean;
    error: unknown;
    refetch: () => unknown;
  };
  fetchErrorText: string;
  keyOf: (item: T) => string;
  labelOf: (item: T) => string;
  detailOf: (item: T) => string;
  /** Already there: listed, but nothing to add. */
  isChosen: (item: T) => boolean;
  chosenText: string;
  onPick: (item: T) => Promise<unknown>;
  onClose: () => void;
}

/**
 * Choose someone to add from the organization: a search (asked of the server as you type), the
 * first matches with an Add button each, and how many there are, announced.
 */
export function PickerDialog<T>(props: PickerDialogProps<T>) {
  return (
    <AdminDialog open={props.open} title={props.title} onClose={props.onClose} wide>
      {props.open && <PickerBody {...props} />}
    </AdminDialog>
  );
}

function PickerBody<T>({
  searchLabel,
  searchText,
  onSearchText,
  query,
  fetchErrorText,
  keyOf,
  labelOf,
  detailOf,
  isChosen,
  chosenText,
  onPick,
  onClose,
}: PickerDialogProps<T>) {
  const [busy, setBusy] = useState<string | null>(null);

  async function pick(item: T) {
    setBusy(keyOf(item));
    try {
      await onPick(item);
      onClose();
    } catch {
      // The mutation's error path said why (a toast with the spec's text); the dialog stays open.
    } finally {
      setBusy(null);
    }
  }

  const results = query.data?.results ?? [];
  return (
    <div className="dept-picker">
      <TextField
        label={searchLabel}
        name="picker-search"
        type="search"
        value={searchText}
        onChange={onSearchText}
        maxlength={120}
        autofocus
      />
      <p className="dept-picker__count muted" aria-live="polite">
        {query.data
          ? query.data.count === 0
            ? 'No one matches.'
            : query.data.count > results.length
              ? `Showing ${results.length} of ${query.data.count}: search to narrow.`
              : `${query.data.count} found.`
          : ''}
      </p>
      {query.isPending ? (
        <LoadingState label="Searching…" />
      ) : query.isError ? (
        <ErrorState message={errorText(query.error, fetchErrorText)} onRetry={() => void query.refetch()} />
      ) : (
        <ul className="dept-picker__list">
          {results.map((item) => (
            <li key={keyOf(item)} className="dept-picker__item">
              <span className="dept-picker__who">
                <span className="dept-picker__name">{labelOf(item)}</span>
                <span className="muted">{detailOf(item)}</span>
              </span>
              {isChosen(item) ? (
                <span className="muted">{chosenText}</span>
              ) : (
                <IonButton fill="outline" onClick={() => void pick(item)} disabled={busy !== null} aria-label={`Add ${labelOf(item)}`}>
                  <IonIcon slot="start" icon={personAddOutline} aria-hidden="true" />
                  {busy === keyOf(item) ? 'Adding…' : 'Add'}
                </IonButton>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="admin-dialog__actions">
        <IonButton fill="outline" color="medium" onClick={onClose}>
          Done
        </IonButton>
      </div>
    </div>
  );
}
