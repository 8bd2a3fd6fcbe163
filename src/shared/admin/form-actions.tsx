import { IonButton } from '@ionic/react';

interface FormActionsProps {
  /** The form's call is in flight: the submit button says so, and neither button can be pressed. */
  isPending: boolean;
  onCancel: () => void;
  /** What the submit button does ("Add goal"), and what it says while that runs ("Adding…"). */
  label: string;
  pendingLabel: string;
  /** Blocks the submit button for a reason of the form's own (nothing chosen yet). */
  isDisabled?: boolean;
  /** False when there is nothing to submit (no one left to choose): only Cancel is offered. */
  hasSubmit?: boolean;
  className?: string;
}

/** The last row of a dialog's form: Cancel, then the submit button that names what it does. */
export function FormActions({
  isPending,
  onCancel,
  label,
  pendingLabel,
  isDisabled = false,
  hasSubmit = true,
  className = 'admin-dialog__actions',
}: FormActionsProps) {
  return (
    <div className={className}>
      <IonButton fill="outline" color="medium" onClick={onCancel} disabled={isPending}>
        Cancel
      </IonButton>
      {hasSubmit && (
        <IonButton type="submit" disabled={isPending || isDisabled}>
          {isPending ? pendingLabel : label}
        </IonButton>
      )}
    </div>
  );
}
