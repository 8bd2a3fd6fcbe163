import { useState, type ReactNode } from 'react';
import { IonContent } from '@ionic/react';
import { Link, useSearchParams } from 'react-router-dom';
import type { PermissionKey } from '../../../contract/http';
import type { MyAccess } from '../access/my-access';
import { isApiError } from '../api/api-error';
import { errorText } from '../api/error-text';
import { Dialog } from '../ui/dialog';
import { PageHeader } from '../ui/page-header';
import { ErrorState, LoadingState, NotFoundState } from '../ui/page-states';
import { AdminTabs } from './admin-tabs';
import { DetailHeader, type DetailSummary } from './detail-header';
import './admin.css';
import './detail.css';

/** The permission a screen needs to change what it shows: one of the contract's "….manage" keys. */
export type ManageKey = Extract<PermissionKey, `${string}.manage`>;

/** One part of a detail screen: a tab, or the one section under its heading when there is only one. */
export interface DetailSection {
  key: string;
  label: string;
  panel: ReactNode;
}

interface DetailQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface AdminDetailScreenProps<T> {
  noun: { one: string; many: string };
  /** Where "‹ All …" leads: the list this thing belongs to. */
  listPath: string;
  query: DetailQuery;
  /** The thing, once the query has it; undefined after a success means it is not there (deleted, another organization's). */
  item: T | undefined;
  fetchErrorText: string;
  icon: string;
  manageKey: ManageKey;
  access: Pick<MyAccess, 'can'>;
  summary: (item: T) => DetailSummary;
  /** The edit form; `done` closes its dialog. Without one there is no "Edit" (a thing changed only by its own actions). */
  editForm?: (item: T, done: () => void) => ReactNode;
  wideForm?: boolean;
  /** Tabs, or one section; `canManage` says whether their add and remove controls show. */
  sections: (item: T, canManage: boolean) => DetailSection[];
}

/**
 * The open tab, kept in the address (?tab=students) as the lists keep theirs, so a reload, Back and
 * Forward find it again. A change replaces the entry: moving between tabs adds no Back steps.
 */
function useTab(): [string | null, (key: string) => void] {
  const [params, setParams] = useSearchParams();
  const select = (key: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tab', key);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  return [params.get('tab'), select];
}

const capital = (word: string) => `${word[0]?.toUpperCase() ?? ''}${word.slice(1)}`;

/**
 * The one way to build a detail screen: back to the list, the name with its status and facts, "Edit"
 * for who holds the manage key (a note in words for who does not), and its parts as tabs. The
 * department, program and classroom screens are this frame with their own facts and tabs.
 */
export function AdminDetailScreen<T>(props: AdminDetailScreenProps<T>) {
  const { noun, query, item, access } = props;
  const canManage = access.can(props.manageKey);
  const [isEditing, setIsEditing] = useState(false);
  const [tab, setTab] = useTab();
  const summary = item === undefined ? undefined : props.summary(item);

  function body(item: T, summary: DetailSummary) {
    const sections = props.sections(item, canManage);
    const selected = sections.find((section) => section.key === tab) ?? sections[0];
    return (
      <>
        <DetailHeader
          summary={summary}
          editLabel={`Edit ${noun.one}`}
          onEdit={canManage && props.editForm ? () => setIsEditing(true) : undefined}
        />
        {sections.length === 1 && selected ? (
          <section aria-labelledby={`${selected.key}-heading`}>
            <h2 id={`${selected.key}-heading`} className="admin-detail__subtitle">
              {selected.label}
            </h2>
            {selected.panel}
          </section>
        ) : (
          selected && (
            <AdminTabs label={capital(noun.one)} tabs={sections} selected={selected.key} onSelect={setTab}>
              {selected.panel}
            </AdminTabs>
          )
        )}
        <Dialog open={isEditing} title={`Edit ${noun.one}`} onClose={() => setIsEditing(false)} wide={props.wideForm}>
          {isEditing && props.editForm?.(item, () => setIsEditing(false))}
        </Dialog>
      </>
    );
  }

  function state() {
    if (query.isPending) {
      return <LoadingState label={`Loading the ${noun.one}…`} />;
    }
    const isMissing = query.isError ? isApiError(query.error) && query.error.status === 404 : item === undefined;
    if (isMissing) {
      return (
        <NotFoundState
          icon={props.icon}
          title={`${capital(noun.one)} not found`}
          back={{ to: props.listPath, label: `Back to ${noun.many}` }}
        >
          It may have been deleted, or it belongs to another organization.
        </NotFoundState>
      );
    }
    return <ErrorState message={errorText(query.error, props.fetchErrorText)} onRetry={() => void query.refetch()} />;
  }

  return (
    <>
      <PageHeader title={summary?.title ?? capital(noun.one)} />
      <IonContent>
        <div className="page page--wide admin-detail">
          <Link className="admin-detail__back" to={props.listPath}>
            ‹ All {noun.many}
          </Link>
          {!canManage && (
            <p className="muted admin-readonly">
              You can see this {noun.one}; only people who manage {noun.many} can change it.
            </p>
          )}
          {item !== undefined && summary && !query.isError ? body(item, summary) : state()}
        </div>
      </IonContent>
    </>
  );
}
