import { Fragment, useState, type ReactNode } from 'react';
import { IonButton, IonContent, IonIcon } from '@ionic/react';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { BulkDeleteResult } from '../../../contract/http';
import { PageHeader } from '../ui/page-header';
import { SelectField } from '../ui/select-field';
import { Dialog } from '../ui/dialog';
import { addOutline } from 'ionicons/icons';
import { AdminList } from './admin-list';
import { AdminStats, statusFigures, type Figure } from './admin-stats';
import type { AdminColumn } from './admin-table';
import type { ListAddress, ListDefaults } from './list-address';
import { useListState } from './use-list-state';

/** A status filter's value in the list state and the address: every row, only the enabled, only the disabled. */
export type StatusValue = '' | 'true' | 'false';
export const STATUS_VALUES: readonly StatusValue[] = ['', 'true', 'false'];

/**
 * A list whose rows are enabled or disabled (classrooms, departments): its status filter, what the
 * list's defaults hold for it (every row to start with), and the stats header's figures from the
 * list's counts.
 */
export const ENABLED_STATUS = {
  status: { name: 'is_active', filter: 'isActive', on: 'Enabled', off: 'Disabled' },
  defaults: { filters: { isActive: '' }, filterValues: { isActive: STATUS_VALUES } },
  figures: (many: string, list: { count_all: number; count_active: number; count_inactive: number }) =>
    statusFigures(many, ['Enabled', 'Disabled'], [list.count_all, list.count_active, list.count_inactive]),
} as const;

/** The status filter's choices: every row, or only the enabled (active) or disabled (inactive) ones. */
export const statusOptions = (many: string, on: string, off: string) => [
  { value: '', label: `All ${many}` },
  { value: 'true', label: `${on} only` },
  { value: 'false', label: `${off} only` },
];

/** What an admin screen calls its things: its title, "service" / "services", the empty list's icon and first step. */
export interface ScreenWords {
  title: string;
  one: string;
  many: string;
  icon: string;
  emptyText: string;
}

type Row = { id: string; name: string };
type Answer<T> = { count: number; results: T[] };
type Remover<V> = { mutateAsync: (variables: V) => Promise<unknown> };

/** A feature's list screen as data: its words, columns, list defaults and the call that answers a state of the list. */
export interface ListSetup<T extends Row, F extends Record<string, string>, O extends string, D extends Answer<T>> {
  words: ScreenWords;
  columns: AdminColumn<T>[];
  fetchErrorText: string;
  defaults: ListDefaults<F, O>;
  /** A status filter ("Status": all, enabled or active only, disabled or inactive only) on one of the list's filters. */
  status?: { name: string; filter: keyof F & string; on: string; off: string };
  /** Further choice filters beside the status (an enrollment's statuses, archived or open), each a select over one filter. */
  choices?: { name: string; label: string; filter: keyof F & string; options: { value: string; label: string }[] }[];
  /** The stats header's figures, over the whole organization (not the search or filter). */
  figures?: (data: D) => Figure[];
  deleteNote?: ReactNode;
  wideForm?: boolean;
  className?: string;
}

interface AdminListScreenProps<T extends Row, F extends Record<string, string>, O extends string, D extends Answer<T>> {
  setup: ListSetup<T, F, O, D>;
  /** Whether the member may change these rows; without it the screen is read-only and says so in words. */
  canManage: boolean;
  listQuery: (state: ListAddress<F, O>) => UseQueryOptions<D, Error, D, QueryKey>;
  remove: Remover<string>;
  /** Deleting several rows at once, where the feature offers it. */
  bulkRemove?: { mutateAsync: (ids: string[]) => Promise<BulkDeleteResult> };
  /** The create (row null) or edit form; `done` closes the dialog. */
  form: (row: T | null, done: () => void, data: D | undefined) => ReactNode;
}

/** The list's choice filters: the status (all, on, off) and any further choices the setup names. */
function ListFilters<T extends Row, F extends Record<string, string>, O extends string, D extends Answer<T>>(props: {
  setup: ListSetup<T, F, O, D>;
  filters: F;
  setFilter: (filter: keyof F & string, value: F[keyof F & string]) => void;
}) {
  const { setup, filters, setFilter } = props;
  const { status } = setup;
  return (
    <>
      {status && (
        <SelectField
          label="Status"
          name={status.name}
          value={filters[status.filter] ?? ''}
          options={statusOptions(setup.words.many, status.on, status.off)}
          onChange={(value) => setFilter(status.filter, value as F[keyof F & string])}
        />
      )}
      {setup.choices?.map((choice) => (
        <SelectField
          key={choice.name}
          label={choice.label}
          name={choice.name}
          value={filters[choice.filter] ?? ''}
          options={choice.options}
          onChange={(value) => setFilter(choice.filter, value as F[keyof F & string])}
        />
      ))}
    </>
  );
}

/**
 * One admin screen over one list: the title, a read-only note for who may only look, the list kit
 * (its state kept in the address) with a "New …" button, and the create/edit form in a dialog.
 * Every organization's list of things (services, programs, departments, classrooms) is this frame
 * with its own setup. The server is asked for the list's state as the address holds it: the search
 * box's text goes once the debounce has put it there, not at each keystroke. The read-only note is
 * said only to who may look: a refused list (no view key) shows its own sentence instead.
 */
export function AdminListScreen<T extends Row, F extends Record<string, string>, O extends string, D extends Answer<T>>(
  props: AdminListScreenProps<T, F, O, D>,
) {
  const { setup, canManage, bulkRemove } = props;
  const { words } = setup;
  const noun = { one: words.one, many: words.many };
  const list = useListState<F, O>({ ...setup.defaults, address: { prefix: '' } });
  const { page, pageSize, search, ordering, filters } = list.state;
  const query = useQuery(props.listQuery({ page, pageSize, search, ordering, filters }));
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
      <PageHeader title={words.title} />
      <IonContent>
        <div className={setup.className ? `page page--wide ${setup.className}` : 'page page--wide'}>
          {!canManage && !query.isError && (
            <p className="muted admin-readonly">
              You can see the {noun.many}; only people who manage {noun.many} can change them.
            </p>
          )}
          <AdminList
            noun={noun}
            columns={setup.columns}
            query={query}
            fetchErrorText={setup.fetchErrorText}
            list={list}
            defaultOrdering={setup.defaults.ordering}
            rowLabel={(row) => row.name}
            stats={query.data && setup.figures && <AdminStats label={`${words.title} at a glance`} figures={setup.figures(query.data)} />}
            isNarrowed={list.isNarrowed}
            onClearNarrowing={list.clearNarrowing}
            filters={<ListFilters setup={setup} filters={filters} setFilter={list.setFilter} />}
            actions={newButton}
            empty={{
              icon: words.icon,
              title: `No ${noun.many} yet`,
              text: canManage ? words.emptyText : `Your organization has not added any ${noun.many} yet.`,
              action: newButton,
            }}
            onEdit={canManage ? setEditing : undefined}
            onDelete={canManage ? (row) => props.remove.mutateAsync(row.id) : undefined}
            onBulkDelete={canManage && bulkRemove ? (ids) => bulkRemove.mutateAsync(ids) : undefined}
            deleteNote={setup.deleteNote}
          />
        </div>
        <Dialog
          open={editing !== null}
          title={editing === 'new' ? `New ${noun.one}` : `Edit ${noun.one}`}
          onClose={close}
          wide={setup.wideForm}
        >
          {editing !== null && (
            <Fragment key={editing === 'new' ? 'new' : editing.id}>
              {props.form(editing === 'new' ? null : editing, close, query.data)}
            </Fragment>
          )}
        </Dialog>
      </IonContent>
    </>
  );
}
