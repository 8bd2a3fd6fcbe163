import type { ReactNode } from 'react';
import { IonButton } from '@ionic/react';
import { Dialog } from '../ui/dialog';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  busyLabel?: string;
  isBusy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** "Delete 3 services?": what will happen, a danger button, and Cancel (which has the focus first). */
export function ConfirmDialog({ open, title, children, confirmLabel, busyLabel, isBusy, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Dialog open={open} title={title} onClose={onCancel} role="alertdialog">
      {children && <div className="admin-dialog__body">{children}</div>}
      <div className="admin-dialog__actions">
        <IonButton fill="outline" color="medium" onClick={onCancel} disabled={isBusy} autoFocus>
          Cancel
        </IonButton>
        <IonButton color="danger" onClick={onConfirm} disabled={isBusy}>
          {isBusy && busyLabel ? busyLabel : confirmLabel}
        </IonButton>
      </div>
    </Dialog>
  );
}
