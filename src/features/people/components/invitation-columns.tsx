import { IonButton } from '@ionic/react';
import type { Invitation, InvitationStatus } from '../../../../contract/invitations';
import { column, dayColumn, mainColumn } from '../../../shared/admin/admin-columns';
import type { AdminColumn } from '../../../shared/admin/admin-table';
import { OrgMoment } from '../../../shared/ui/org-zone';
import type { InvitationMove } from '../invitation-mutations';

export type InvitationRow = Invitation & { id: string };

export const STATUS_LABEL: Record<InvitationStatus, string> = {
  pending: 'Waiting',
  accepted: 'Accepted',
  rejected: 'Declined',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

/**
 * The one date that is true of an invitation in its state: when an open one closes or an expired one
 * did, when an answered or cancelled one was answered or cancelled (none without that time is shown
 * a wrong date: it says the state alone).
 */
const DATE_LABEL: Record<InvitationStatus, string> = {
  pending: 'Expires',
  accepted: 'Accepted',
  rejected: 'Declined',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

export const inviteeName = (row: InvitationRow) => (row.therapist ? `${row.therapist.first_name} ${row.therapist.last_name}` : row.email);

/** The moves an invitation allows: a pending one can be withdrawn, an answered one archived or brought back. */
export function movesOf(row: InvitationRow): InvitationMove[] {
  if (row.status === 'pending') {
    return ['cancel'];
  }
  return [row.is_archived ? 'unarchive' : 'archive'];
}

const MOVE_LABEL: Record<InvitationMove, string> = { cancel: 'Cancel', archive: 'Archive', unarchive: 'Unarchive' };

export function invitationColumns(onMove?: (row: InvitationRow, move: InvitationMove) => void): AdminColumn<InvitationRow>[] {
  const columns: AdminColumn<InvitationRow>[] = [
    mainColumn<InvitationRow>(inviteeName, {
      header: 'Therapist',
      sub: (row) => (row.therapist ? row.email : 'No Thera account yet'),
      isLong: true,
    }),
    column<InvitationRow>('status', 'Status', (row) => (
      <span className={`admin-badge admin-badge--${row.status === 'accepted' ? 'on' : 'off'}`}>
        {STATUS_LABEL[row.status]}
        {row.is_archived ? ' · archived' : ''}
      </span>
    )),
    column<InvitationRow>('role', 'Role', (row) => row.role?.name ?? 'Therapist'),
    dayColumn<InvitationRow>('created_at', 'Sent', (row) => row.created_at),
    column<InvitationRow>('expires_at', 'Closes or answered', (row) => {
      const at = row.status === 'pending' || row.status === 'expired' ? row.expires_at : row.answered_at;
      return (
        <>
          {DATE_LABEL[row.status]}
          {at && (
            <>
              {' '}
              <OrgMoment at={at} day />
            </>
          )}
        </>
      );
    }),
  ];
  if (!onMove) {
    return columns;
  }
  const actions = column<InvitationRow>('actions', 'Actions', (row) => (
    <div className="admin-row-actions">
      {movesOf(row).map((move) => (
        <IonButton
          key={move}
          fill="clear"
          color={move === 'cancel' ? 'danger' : undefined}
          onClick={() => onMove(row, move)}
          aria-label={`${MOVE_LABEL[move]} the invitation of ${inviteeName(row)}`}
        >
          {MOVE_LABEL[move]}
        </IonButton>
      ))}
    </div>
  ));
  return [...columns, actions];
}
