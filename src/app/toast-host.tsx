import { IonToast } from '@ionic/react';
import { closeOutline } from 'ionicons/icons';
import { dismissToast, useCurrentToast } from '../shared/ui/toast-store';

const COLOR = { danger: 'danger', success: 'success', neutral: 'dark' } as const;

/** Shows queued toasts one at a time; errors stay longer than confirmations. */
export function ToastHost() {
  const toast = useCurrentToast();
  return (
    <IonToast
      key={toast?.id}
      isOpen={toast !== undefined}
      message={toast?.message}
      color={toast ? COLOR[toast.tone] : undefined}
      duration={toast?.tone === 'danger' ? 8000 : 4000}
      position="bottom"
      buttons={[{ icon: closeOutline, role: 'cancel', htmlAttributes: { 'aria-label': 'Dismiss' } }]}
      onDidDismiss={() => {
        if (toast) {
          dismissToast(toast.id);
        }
      }}
    />
  );
}
