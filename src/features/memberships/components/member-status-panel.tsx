import { useState, type ReactNode } from 'react';
import { IonButton } from '@ionic/react';
import { type MembershipDetail, MEMBERSHIP_STATUS_LABELS } from '../../../../contract/memberships';
import { ConfirmDialog } from '../../../shared/admin/confirm-dialog';
import { FormError } from '../../../shared/ui/form-error';
import { MEMBERSHIPS_ERROR_TEXT } from '../error-text';
import { isCurrent } from '../format';
import { OrgMoment } from '../../../shared/ui/org-zone';
import { useAcceptResignationMutation, useTerminateMembershipMutation } from '../mutations';
import { ReasonDialog } from './reason-dialog';

interface MemberStatusPanelProps {
  orgCode: string;
  member: MembershipDetail;
  canManage: boolean;
}

const fullName = (member: MembershipDetail) => `${member.user.first_name} ${member.user.last_name}`;

/** Where the membership stands (status, reason, dates) and, for who holds members.manage, ending it or accepting a resignation. */
export function MemberStatusPanel({ orgCode, member, canManage }: MemberStatusPanelProps) {
  const [dialog, setDialog] = useState<'terminate' | 'accept' | null>(null);
  const terminate = useTerminateMembershipMutation(orgCode, member.id);
  const accept = useAcceptResignationMutation(orgCode, member.id);
  const close = () => {
    setDialog(null);
    terminate.reset();
    accept.reset();
  };
  const reasonLabel = member.status === 'terminated' ? 'Reason for ending' : 'Reason for resigning';
  const day = (at: string) => <OrgMoment at={at} day />;
  const facts: [string, ReactNode][] = [
    ['Status', MEMBERSHIP_STATUS_LABELS[member.status]],
    ...(member.status_reason ? [[reasonLabel, member.status_reason] as [string, string]] : []),
    ['Joined', day(member.joined_at)],
    ...(member.status_changed_at ? [['Status changed', day(member.status_changed_at)] as [string, ReactNode]] : []),
    ...(member.ended_at ? [['Ended', day(member.ended_at)] as [string, ReactNode]] : []),
  ];
  return (
    <div className="member-status">
      <dl className="member-status__facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {member.status === 'resigning' && (
        <p className="muted">{fullName(member)} asked to leave. They keep working here until the resignation is accepted.</p>
      )}
      {!isCurrent(member.status) && member.sessions.upcoming > 0 && (
        <p className="member-status__warning" role="note">
          {member.sessions.upcoming === 1 ? '1 upcoming session is' : `${member.sessions.upcoming} upcoming sessions are`} still scheduled
          with {fullName(member)} and need a new therapist.
        </p>
      )}
      {canManage && isCurrent(member.status) && (
        <div className="member-status__actions">
          {member.status === 'resigning' && <IonButton onClick={() => setDialog('accept')}>Accept resignation</IonButton>}
          <IonButton fill="outline" color="danger" onClick={() => setDialog('terminate')}>
            End membership
          </IonButton>
        </div>
      )}
      <ReasonDialog
        open={dialog === 'terminate'}
        title={`End ${fullName(member)}'s membership?`}
        reasonLabel="Reason"
        confirmLabel="End membership"
        busyLabel="Ending…"
        isBusy={terminate.isPending}
        error={terminate.error}
        fallback={MEMBERSHIPS_ERROR_TEXT.terminate}
        onConfirm={(reason) => terminate.mutate(reason, { onSuccess: close })}
        onCancel={close}
      >
        <p>
          {fullName(member)} loses access to this organization at once. Data they recorded before now still arrives from their devices;
          their scheduled sessions stay and need a new therapist.
        </p>
      </ReasonDialog>
      <ConfirmDialog
        open={dialog === 'accept'}
        title={`Accept ${fullName(member)}'s resignation?`}
        confirmLabel="Accept resignation"
        busyLabel="Accepting…"
        isBusy={accept.isPending}
        onConfirm={() => accept.mutate(undefined, { onSuccess: close })}
        onCancel={close}
      >
        <p>The membership ends now and {fullName(member)} loses access to this organization.</p>
        <FormError error={accept.error} fallback={MEMBERSHIPS_ERROR_TEXT.acceptResignation} />
      </ConfirmDialog>
    </div>
  );
}
