import { useState, type ReactNode } from 'react';
import { IonButton, IonIcon } from '@ionic/react';
import type { BulkDeleteResult } from '../../../contract/http';
import { addOutline } from './admin-icons';
import { AdminList, REMOVE_WORDS, type AdminListQuery } from './admin-list';
import type { AdminColumn } from './admin-table';
import { PickerDialog, type CandidatePage, type PickerOptions } from './picker-dialog';
import type { ListControls } from './use-list-state';

export interface ChildListProps<T extends { id: string }, D extends CandidatePage> {
  /** The linked items: "student" / "students", "team member" / "team members". */
  noun: { one: string; many: string };
  columns: AdminColumn<T>[];
  query: AdminListQuery<T>;
  list: ListControls<Record<string, never>>;
  fetchErrorText: string;
  rowLabel: (row: T) => string;
  canManage: boolean;
  /** The empty list: what to do first for who may manage, what it means for who may only look. */
  empty: { icon: string; title: string; text: string; readOnlyText: string };
  /** The add button's text ("Add student", "Seat a student") and icon. */
  addLabel: string;
  addIcon?: string;
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
export function ChildList<T extends { id: string }, D extends CandidatePage>(props: ChildListProps<T, D>) {
  const { list, canManage, picker, linkedKeyOf } = props;
  const [isPicking, setIsPicking] = useState(false);
  const linked = new Set(linkedKeyOf ? (props.query.data?.results ?? []).map(linkedKeyOf) : []);

  const addButton = canManage ? (
    <IonButton onClick={() => setIsPicking(true)}>
      <IonIcon slot="start" icon={props.addIcon ?? addOutline} aria-hidden="true" />
      {props.addLabel}
    </IonButton>
  ) : null;

  return (
    <>
      <AdminList
        noun={props.noun}
        columns={props.columns}
        query={props.query}
        fetchErrorText={props.fetchErrorText}
        list={list}
        defaultOrdering={list.state.ordering}
        isNarrowed={list.state.search !== ''}
        onClearNarrowing={() => list.setSearchText('')}
        rowLabel={props.rowLabel}
        actions={addButton}
        empty={{
          icon: props.empty.icon,
          title: props.empty.title,
          text: canManage ? props.empty.text : props.empty.readOnlyText,
          action: addButton,
        }}
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
