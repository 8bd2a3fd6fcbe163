import { useState } from 'react';
import { IonButton } from '@ionic/react';
import type { MyMembership } from '../../../../contract/memberships';
import { ConfirmDialog } from '../../../shared/admin/confirm-dialog';
import { FormError } from '../../../shared/ui/form-error';
import { MEMBERSHIPS_ERROR_TEXT } from '../error-text';
import { useCancelResignationMutation, useResignMutation } from '../mutations';
import { ReasonDialog } from './reason-dialog';

export interface MembershipActionsProps {
  membership: MyMembership;
}

/**
 * What a member can do about one of their memberships: resign with a reason while active, withdraw
 * the resignation while the organization has not accepted it. An ended membership has nothing to do.
 */
export function MembershipActions({ membership }: MembershipActionsProps) {
  const [dialog, setDialog] = useState<'resign' | 'cancel' | null>(null);
  const resign = useResignMutation(membership.id);
  const cancel = useCancelResignationMutation(membership.id);
  const name = membership.organization.name;
  const close = () => {
    setDialog(null);
    resign.reset();
    cancel.reset();
  };

  if (membership.status === 'resigned' || membership.status === 'terminated') {
    return <p className="muted membership-actions__note">This membership has ended.</p>;
  }
  return (
    <div className="membership-actions">
      {membership.status === 'active' ? (
        <IonButton fill="outline" color="danger" size="small" onClick={() => setDialog('resign')}>
          Resign<span className="visually-hidden"> from {name}</span>
        </IonButton>
      ) : (
        <>
          <p className="muted membership-actions__note">Your resignation waits for {name} to accept it.</p>
          <IonButton fill="outline" size="small" onClick={() => setDialog('cancel')}>
            Withdraw resignation<span className="visually-hidden"> from {name}</span>
          </IonButton>
        </>
      )}
      <ReasonDialog
        open={dialog === 'resign'}
        title={`Resign from ${name}?`}
        reasonLabel="Why are you leaving?"
        confirmLabel="Send resignation"
        busyLabel="Sending…"
        isBusy={resign.isPending}
        error={resign.error}
        fallback={MEMBERSHIPS_ERROR_TEXT.resign}
        onConfirm={(reason) => resign.mutate(reason, { onSuccess: close })}
        onCancel={close}
      >
        <p>{name} sees your reason and accepts the resignation. Until then you keep working there, and you can withdraw it.</p>
      </ReasonDialog>
      <ConfirmDialog
        open={dialog === 'cancel'}
        title="Withdraw your resignation?"
        confirmLabel="Withdraw resignation"
        busyLabel="Withdrawing…"
        isBusy={cancel.isPending}
        onConfirm={() => cancel.mutate(undefined, { onSuccess: close })}
        onCancel={close}
      >
        <p>You stay a member of {name} as before.</p>
        <FormError error={cancel.error} fallback={MEMBERSHIPS_ERROR_TEXT.cancelResignation} />
      </ConfirmDialog>
    </div>
  );
}
