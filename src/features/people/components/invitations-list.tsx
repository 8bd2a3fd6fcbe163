import { useState } from 'react';
import { IonButton } from '@ionic/react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { mailOutline, searchOutline } from 'ionicons/icons';
import type { InvitationStatus } from '../../../../contract/invitations';
import { AdminPagination } from '../../../shared/admin/admin-pagination';
import { AdminTableView } from '../../../shared/admin/admin-table-view';
import type { AdminColumn } from '../../../shared/admin/admin-table';
import { ConfirmDialog } from '../../../shared/admin/confirm-dialog';
import { EmptyState, QueryWaiting } from '../../../shared/ui/page-states';
import { SelectField } from '../../../shared/ui/select-field';
import { PEOPLE_ERROR_TEXT } from '../error-text';
import { useInvitationMoveMutation, type InvitationMove } from '../invitation-mutations';
import { invitationQueries, type ArchivedFilter } from '../invitation-queries';
import { invitationColumns, inviteeName, STATUS_LABEL, type InvitationRow } from './invitation-columns';

const STATUS_OPTIONS = [
  { value: '', label: 'Any status' },
  ...(Object.keys(STATUS_LABEL) as InvitationStatus[]).map((status) => ({ value: status, label: STATUS_LABEL[status] })),
];
const ARCHIVED_OPTIONS = [
  { value: 'exclude', label: 'On the list' },
  { value: 'only', label: 'Archived' },
  { value: 'include', label: 'All' },
];

interface InvitationsListProps {
  orgCode: string;
  organizationId: string;
  /** members.manage: cancel, archive and invite; without it the list is read-only. */
  canManage: boolean;
  onInvite?: () => void;
}

/** The organization's invitations, newest first: who, what answer, sent and expiry days, and what can be done with each. */
export function InvitationsList({ orgCode, organizationId, canManage, onInvite }: InvitationsListProps) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [status, setStatus] = useState<InvitationStatus | ''>('');
  const [archived, setArchived] = useState<ArchivedFilter>('exclude');
  const [pending, setPending] = useState<InvitationRow | null>(null);
  const query = useQuery(invitationQueries.list(orgCode, { page, pageSize, status, archived }));
  const moves = {
    cancel: useInvitationMoveMutation(orgCode, organizationId, 'cancel'),
    archive: useInvitationMoveMutation(orgCode, organizationId, 'archive'),
    unarchive: useInvitationMoveMutation(orgCode, organizationId, 'unarchive'),
  };
  const onMove = (row: InvitationRow, move: InvitationMove) => (move === 'cancel' ? setPending(row) : moves[move].mutate(row.token));
  const isNarrowed = status !== '' || archived !== 'exclude';

  return (
    <section className="admin-list" aria-label="Invitations list">
      <div className="admin-toolbar">
        <SelectField
          label="Status"
          name="status"
          value={status}
          options={STATUS_OPTIONS}
          onChange={(value) => {
            setStatus(value as InvitationStatus | '');
            setPage(1);
          }}
        />
        <SelectField
          label="Show"
          name="archived"
          value={archived}
          options={ARCHIVED_OPTIONS}
          onChange={(value) => {
            setArchived(value as ArchivedFilter);
            setPage(1);
          }}
        />
        <div className="admin-toolbar__actions">{onInvite && <IonButton onClick={onInvite}>Invite a therapist</IonButton>}</div>
      </div>
      <InvitationsTable
        query={query}
        isNarrowed={isNarrowed}
        columns={invitationColumns(canManage ? onMove : undefined)}
        pages={{ page, pageSize, setPage, setPageSize }}
        onInvite={onInvite}
      />
      <ConfirmDialog
        open={pending !== null}
        title={`Cancel the invitation of ${pending ? inviteeName(pending) : ''}?`}
        confirmLabel="Cancel invitation"
        busyLabel="Cancelling…"
        isBusy={moves.cancel.isPending}
        onConfirm={() => pending && moves.cancel.mutate(pending.token, { onSettled: () => setPending(null) })}
        onCancel={() => setPending(null)}
      >
        <p>Their link stops working. You can invite them again later.</p>
      </ConfirmDialog>
    </section>
  );
}

interface InvitationsTableProps {
  query: UseQueryResult<{ count: number; results: InvitationRow[] }>;
  isNarrowed: boolean;
  columns: AdminColumn<InvitationRow>[];
  pages: { page: number; pageSize: number; setPage: (page: number) => void; setPageSize: (size: number) => void };
  onInvite?: () => void;
}

/** The list's body: loading, failed, empty (with what to do), or the table with its pages. */
function InvitationsTable({ query, isNarrowed, columns, pages, onInvite }: InvitationsTableProps) {
  if (!query.isSuccess) {
    return <QueryWaiting query={query} label="Loading invitations…" errorText={PEOPLE_ERROR_TEXT.fetchInvitations} />;
  }
  if (query.data.count === 0) {
    return isNarrowed ? (
      <EmptyState icon={searchOutline} title="No invitations match">
        Choose another status, or show the invitations on the list.
      </EmptyState>
    ) : (
      <EmptyState
        icon={mailOutline}
        title="No invitations yet"
        action={onInvite && <IonButton onClick={onInvite}>Invite a therapist</IonButton>}
      >
        Invite a therapist by the code on their Thera home page, or by e-mail. Their answer shows here.
      </EmptyState>
    );
  }
  return (
    <>
      <AdminTableView
        caption="Invitations"
        columns={columns}
        rows={query.data.results}
        ordering="-created_at"
        defaultOrdering="-created_at"
        onOrderingChange={() => undefined}
        rowLabel={inviteeName}
        isStale={query.isPlaceholderData}
      />
      <AdminPagination
        page={pages.page}
        pageSize={pages.pageSize}
        count={query.data.count}
        noun={query.data.count === 1 ? 'invitation' : 'invitations'}
        onPage={pages.setPage}
        onPageSize={(size) => {
          pages.setPageSize(size);
          pages.setPage(1);
        }}
      />
    </>
  );
}
