import { useState, type ReactNode } from 'react';
import { IonButton } from '@ionic/react';
import { MembershipReasonBody } from '../../../../contract/memberships';
import { LIMITS } from '../../../../contract/limits';
import { Dialog } from '../../../shared/ui/dialog';
import { TextAreaField } from '../../../shared/ui/text-area-field';
import { FormError, fieldError, fieldErrorsOf } from '../../../shared/ui/form-error';

interface ReasonDialogProps {
  open: boolean;
  title: string;
  /** What will happen, in words, above the reason. */
  children: ReactNode;
  reasonLabel: string;
  confirmLabel: string;
  busyLabel: string;
  isBusy: boolean;
  /** The call's failure (its sentence shows in the dialog, a field error under the reason). */
  error: unknown;
  fallback: string;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}

/**
 * A confirmation that needs a reason (ending a membership, resigning): the reason is checked with
 * the contract's own schema before anything is sent, so an empty one is told "Give a reason." here
 * as the server would.
 */
export function ReasonDialog(props: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [localError, setLocalError] = useState<string | undefined>();
  const serverError = fieldError(fieldErrorsOf(props.error), 'reason');

  function confirm() {
    const parsed = MembershipReasonBody.safeParse({ reason });
    if (!parsed.success) {
      setLocalError(parsed.error.issues[0]?.message);
      return;
    }
    setLocalError(undefined);
    props.onConfirm(parsed.data.reason);
  }

  return (
    <Dialog open={props.open} title={props.title} onClose={props.onCancel} role="alertdialog">
      <div className="admin-dialog__body">
        {props.children}
        <TextAreaField
          label={`${props.reasonLabel} (required)`}
          name="reason"
          value={reason}
          onChange={(value) => {
            setReason(value);
            setLocalError(undefined);
          }}
          error={localError ?? serverError}
          maxlength={LIMITS.noteMax}
          disabled={props.isBusy}
        />
        {props.error !== null && props.error !== undefined && !serverError && <FormError error={props.error} fallback={props.fallback} />}
      </div>
      <div className="admin-dialog__actions">
        <IonButton fill="outline" color="medium" onClick={props.onCancel} disabled={props.isBusy}>
          Cancel
        </IonButton>
        <IonButton color="danger" onClick={confirm} disabled={props.isBusy}>
          {props.isBusy ? props.busyLabel : props.confirmLabel}
        </IonButton>
      </div>
    </Dialog>
  );
}
