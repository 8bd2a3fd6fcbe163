import { useState, type ReactNode } from 'react';
import { IonButton, IonIcon } from '@ionic/react';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { BulkDeleteResult } from '../../../contract/http';
import { addOutline } from 'ionicons/icons';
import { AdminList, REMOVE_WORDS } from './admin-list';
import type { AdminColumn } from './admin-table';
import { PickerDialog, type CandidatePage, type PickerOptions } from './picker-dialog';
import type { PageParams } from './list-query';
import { useListState } from './use-list-state';

/** What a child list calls its items and its acts: "student" / "students", "Add student", the empty list's words. */
export interface ChildListWords {
  one: string;
  many: string;
  /** The add button's text ("Add student", "Seat a student") and icon. */
  add: string;
  addIcon?: string;
  icon: string;
  /** The empty list: its title, what to do first for who may manage, what it means for who may only look. */
  empty: readonly [title: string, text: string, readOnlyText: string];
}

type Answer<T> = { count: number; results: T[] };

export interface ChildListProps<T extends { id: string }, D extends CandidatePage, A extends Answer<T>> {
  words: ChildListWords;
  columns: AdminColumn<T>[];
  /** One page of the items (a feature's query-key factory); the list's state stays out of the address. */
  listQuery: (page: PageParams) => UseQueryOptions<A, Error, A, QueryKey>;
  /** The order asked of the server ('' for the call's own). */
  ordering?: string;
  fetchErrorText: string;
  rowLabel: (row: T) => string;
  canManage: boolean;
  picker: PickerOptions<D>;
  /** The linked row a candidate would be, to list candidates already there as such. */
  linkedKeyOf?: (row: T) => string;
  onRemove: (row: T) => Promise<unknown>;
  onBulkRemove?: (ids: string[]) => Promise<BulkDeleteResult>;
  /** What the items are taken out of, when the confirmation's title names it: "Remove Leo Thompson from Bluebirds?". */
  from?: string;
  /** What removing does and what stays, in the confirmation. */
  removeNote: ReactNode;
}

/**
 * Items linked to the thing a detail screen shows (a department's team, a classroom's students):
 * the list kit, "Add …" opening a searched picker, and "Remove" with a confirmation that names who
 * goes and from what. Add and remove show only for who may manage.
 */
export function ChildList<T extends { id: string }, D extends CandidatePage, A extends Answer<T>>(props: ChildListProps<T, D, A>) {
  const { words, canManage, picker, linkedKeyOf } = props;
  const list = useListState<Record<string, never>>({ ordering: props.ordering ?? '', filters: {} });
  const { page, pageSize, search } = list.state;
  const query = useQuery(props.listQuery({ page, pageSize, search }));
  const [isPicking, setIsPicking] = useState(false);
  const linked = new Set(linkedKeyOf ? (query.data?.results ?? []).map(linkedKeyOf) : []);
  const [emptyTitle, emptyText, readOnlyText] = words.empty;

  const addButton = canManage ? (
    <IonButton onClick={() => setIsPicking(true)}>
      <IonIcon slot="start" icon={words.addIcon ?? addOutline} aria-hidden="true" />
      {words.add}
    </IonButton>
  ) : null;

  return (
    <>
      <AdminList
        noun={{ one: words.one, many: words.many }}
        columns={props.columns}
        query={query}
        fetchErrorText={props.fetchErrorText}
        list={list}
        defaultOrdering={list.state.ordering}
        isNarrowed={search !== ''}
        onClearNarrowing={() => list.setSearchText('')}
        rowLabel={props.rowLabel}
        actions={addButton}
        empty={{ icon: words.icon, title: emptyTitle, text: canManage ? emptyText : readOnlyText, action: addButton }}
        onDelete={canManage ? props.onRemove : undefined}
        onBulkDelete={canManage ? props.onBulkRemove : undefined}
        deleteWords={REMOVE_WORDS}
        from={props.from}
        deleteNote={props.removeNote}
      />
      {canManage && (
        <PickerDialog
          {...picker}
          open={isPicking}
          onClose={() => setIsPicking(false)}
          isChosen={linkedKeyOf ? (candidate) => linked.has(picker.keyOf(candidate)) : undefined}
        />
      )}
    </>
  );
}
