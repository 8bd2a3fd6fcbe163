import { alertController } from '@ionic/core/components';
import { defineCustomElement } from '@ionic/core/components/ion-alert.js';

export interface ConfirmOptions {
  header: string;
  message: string;
  cancelText?: string;
  confirmText: string;
  isDestructive?: boolean;
}

/**
 * A yes/no question in an Ionic alert. Imported on demand (like the toast presenter): going through
 * @ionic/react's useIonAlert would put ion-alert into the first download of every screen.
 */
export async function confirmAlert({
  header,
  message,
  cancelText = 'Cancel',
  confirmText,
  isDestructive = false,
}: ConfirmOptions): Promise<boolean> {
  defineCustomElement();
  const alert = await alertController.create({
    header,
    message,
    buttons: [
      { text: cancelText, role: 'cancel' },
      { text: confirmText, role: isDestructive ? 'destructive' : 'confirm' },
    ],
  });
  await alert.present();
  const { role } = await alert.onDidDismiss();
  return role === 'confirm' || role === 'destructive';
}
