import type { FormEvent, ReactNode } from 'react';
import { IonButton } from '@ionic/react';

/**
 * A form with its error summary and submit button last: the button names what it does, and while
 * the call runs it says so and cannot be pressed twice.
 */
export function SubmitForm({
  onSubmit,
  isPending,
  isDisabled = false,
  submitLabel,
  pendingLabel,
  alert,
  isWide = false,
  className = 'form',
  children,
}: {
  onSubmit: () => void;
  isPending: boolean;
  /** Blocks the button for a reason other than this form's own call. */
  isDisabled?: boolean;
  submitLabel: string;
  pendingLabel: string;
  /** The error summary, shown just above the button. */
  alert: ReactNode;
  /** A full-width button, as on the signed-out cards. */
  isWide?: boolean;
  className?: string;
  children: ReactNode;
}) {
  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit();
  }
  return (
    <form onSubmit={submit} noValidate className={className}>
      {children}
      {alert}
      <IonButton type="submit" expand={isWide ? 'block' : undefined} disabled={isPending || isDisabled}>
        {isPending ? pendingLabel : submitLabel}
      </IonButton>
    </form>
  );
}
