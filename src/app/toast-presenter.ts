import { toastController } from '@ionic/core/components';
import { defineCustomElement } from '@ionic/core/components/ion-toast.js';
import { closeOutline } from 'ionicons/icons';
import type { ToastMessage } from '../shared/ui/toast-store';

const COLOR = { danger: 'danger', success: 'success', neutral: 'dark' } as const;

/**
 * Presents one toast and resolves when it is gone (`replaced` takes it off early). Loaded on the first toast only: ion-toast is not
 * needed before sign-in, and importing it through @ionic/react would put it in the first download.
 */
export async function presentToast(toast: ToastMessage, replaced?: AbortSignal): Promise<void> {
  defineCustomElement();
  const element = await toastController.create({
    message: toast.message,
    color: COLOR[toast.tone],
    duration: toast.tone === 'danger' ? 8000 : 4000,
    position: 'bottom',
    buttons: [{ icon: closeOutline, role: 'cancel', htmlAttributes: { 'aria-label': 'Dismiss' } }],
  });
  if (replaced?.aborted) {
    return;
  }
  replaced?.addEventListener('abort', () => void element.dismiss(), { once: true });
  await element.present();
  await element.onDidDismiss();
}
