import { Fragment, useState, type ReactNode } from 'react';
import { IonButton, IonContent, IonIcon } from '@ionic/react';
import type { BulkDeleteResult } from '../../../contract/http';
import { PageHeader } from '../ui/page-header';
import { SelectField } from '../ui/select-field';
import { Dialog } from '../ui/dialog';
import { addOutline } from './admin-icons';
import { AdminList, type AdminListProps } from './admin-list';

type ListProps<T extends { id: string }, F extends Record<string, string>> = Omit<
  AdminListProps<T, F>,
  'actions' | 'empty' | 'onEdit' | 'onDelete' | 'onBulkDelete' | 'isNarrowed' | 'onClearNarrowing' | 'filters'
>;

interface AdminListScreenProps<T extends { id: string }, F extends Record<string, string>> extends ListProps<T, F> {
  title: string;
  /** Whether the member may change these rows; without it the screen is read-only and says so in words. */
  canManage: boolean;
  /** The empty list's icon, and what to do first for who may manage. */
  empty: { icon: string; text: string };
  remove: (row: T) => Promise<unknown>;
  bulkRemove: (ids: string[]) => Promise<BulkDeleteResult>;
  /** The create (row null) or edit form; `done` closes the dialog. */
  form: (row: T | null, done: () => void) => ReactNode;
  wideForm?: boolean;
  className?: string;
  /** A status filter ("Status": all, enabled or active only, disabled or inactive only) on one of the list's filters. */
  statusFilter?: { name: string; filter: keyof F & string; options: { value: string; label: string }[] };
}

/**
 * One admin screen over one list: the title, a read-only note for who may only look, the list kit
 * with a "New …" button, and the create/edit form in a dialog. Every organization's list of things
 * (services, programs, departments, classrooms) is this frame with its own columns, stats and form.
 */
export function AdminListScreen<T extends { id: string }, F extends Record<string, string>>(props: AdminListScreenProps<T, F>) {
  const { title, canManage, empty, remove, bulkRemove, form, wideForm, className, statusFilter, ...listProps } = props;
  const { noun, list } = listProps;
  const { search, filters } = list.state;
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const close = () => setEditing(null);

  const newButton = canManage ? (
    <IonButton onClick={() => setEditing('new')}>
      <IonIcon slot="start" icon={addOutline} aria-hidden="true" />
      New {noun.one}
    </IonButton>
  ) : null;

  return (
    <>
      <PageHeader title={title} />
      <IonContent>
        <div className={className ? `page page--wide ${className}` : 'page page--wide'}>
          {!canManage && (
            <p className="muted admin-readonly">
              You can see the {noun.many}; only people who manage {noun.many} can change them.
            </p>
          )}
          <AdminList
            {...listProps}
            isNarrowed={search !== '' || Object.values(filters).some((value) => value !== '')}
            onClearNarrowing={list.clearNarrowing}
            filters={
              statusFilter && (
                <SelectField
                  label="Status"
                  name={statusFilter.name}
                  value={filters[statusFilter.filter] ?? ''}
                  options={statusFilter.options}
                  onChange={(value) => list.setFilter(statusFilter.filter, value as F[keyof F & string])}
                />
              )
            }
            actions={newButton}
            empty={{
              icon: empty.icon,
              title: `No ${noun.many} yet`,
              text: canManage ? empty.text : `Your organization has not added any ${noun.many} yet.`,
              action: newButton,
            }}
            onEdit={canManage ? setEditing : undefined}
            onDelete={canManage ? remove : undefined}
            onBulkDelete={canManage ? bulkRemove : undefined}
          />
        </div>
        <Dialog open={editing !== null} title={editing === 'new' ? `New ${noun.one}` : `Edit ${noun.one}`} onClose={close} wide={wideForm}>
          {editing !== null && (
            <Fragment key={editing === 'new' ? 'new' : editing.id}>{form(editing === 'new' ? null : editing, close)}</Fragment>
          )}
        </Dialog>
      </IonContent>
    </>
  );
}

/** A status filter's value in the list state and the address: every row, only the enabled, only the disabled. */
export type StatusValue = '' | 'true' | 'false';
export const STATUS_VALUES: readonly StatusValue[] = ['', 'true', 'false'];

/** The status filter's choices: every row, or only the enabled (active) or disabled (inactive) ones. */
export const statusOptions = (many: string, on: string, off: string) => [
  { value: '', label: `All ${many}` },
  { value: 'true', label: `${on} only` },
  { value: 'false', label: `${off} only` },
];
