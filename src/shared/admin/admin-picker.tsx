import { useEffect, useState, type ReactNode } from 'react';
import { IonButton } from '@ionic/react';
import { errorText } from '../api/error-text';
import { LoadingState } from '../ui/page-states';
import { TextField } from '../ui/text-field';
import './admin-tabs.css';

export interface PickerQuery<T> {
  data: { count: number; results: T[] } | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

interface AdminPickerProps<T> {
  /** "Search students" */
  searchLabel: string;
  /** Called with the search as typed, 300 ms after the last keystroke. */
  onSearch: (search: string) => void;
  query: PickerQuery<T>;
  fetchErrorText: string;
  keyOf: (row: T) => string;
  labelOf: (row: T) => string;
  describe?: (row: T) => ReactNode;
  /** "Seat", "Add": the button's text; its accessible name is "<verb> <label>". */
  verb: string;
  onPick: (row: T) => void;
  isBusy: boolean;
  emptyText: string;
  /** Already there (on the team, in the department): listed with `chosenText` instead of a button. */
  isChosen?: (row: T) => boolean;
  chosenText?: string;
}

/**
 * Pick one row from a searched server list (a dialog's body): a search box, up to one page of
 * answers with a button each (or "already there"), and how many more there are. Every "add someone"
 * of the admin screens uses it: students to a program, a classroom or a department, a member to a team.
 */
export function AdminPicker<T>(props: AdminPickerProps<T>) {
  const { query, onSearch } = props;
  const [text, setText] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => onSearch(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text, onSearch]);
  const rows = query.data?.results ?? [];
  const more = (query.data?.count ?? 0) - rows.length;

  return (
    <div className="admin-picker-body">
      <TextField label={props.searchLabel} name="picker_search" type="search" value={text} onChange={setText} maxlength={120} autofocus />
      {query.isPending ? (
        <LoadingState label="Searching…" />
      ) : query.isError ? (
        <p className="form-error" role="alert">
          {errorText(query.error, props.fetchErrorText)}
        </p>
      ) : (
        <div aria-live="polite">
          {rows.length === 0 ? (
            <p className="muted admin-picker__empty">{props.emptyText}</p>
          ) : (
            <ul className="admin-picker" aria-label="Results">
              {rows.map((row) => (
                <li key={props.keyOf(row)}>
                  <span>
                    <strong>{props.labelOf(row)}</strong>
                    {props.describe && <span className="muted"> · {props.describe(row)}</span>}
                  </span>
                  {props.isChosen?.(row) ? (
                    <span className="muted">{props.chosenText}</span>
                  ) : (
                    <IonButton
                      fill="outline"
                      disabled={props.isBusy}
                      onClick={() => props.onPick(row)}
                      aria-label={`${props.verb} ${props.labelOf(row)}`}
                    >
                      {props.verb}
                    </IonButton>
                  )}
                </li>
              ))}
            </ul>
          )}
          {more > 0 && <p className="muted">{more} more: narrow the search to find them.</p>}
        </div>
      )}
    </div>
  );
}
