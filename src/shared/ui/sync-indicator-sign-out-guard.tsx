import { useCallback } from 'react';
import { useIonAlert } from '@ionic/react';

/**
 * Before signing out while the outbox still holds unsent items (issue 3 §1): say how many and that
 * they stay on this device, with this user, until they sign in again. Resolves true to go ahead.
 * The outbox is imported on demand so screens without it stay light.
 */
export function useSignOutGuard(): () => Promise<boolean> {
  const [presentAlert] = useIonAlert();
  return useCallback(async () => {
    const { outbox } = await import('../outbox/outbox');
    if (!(await outbox.hasUnsent())) {
      return true;
    }
    const status = await outbox.status();
    const count = status.pending + status.attention.length;
    return new Promise<boolean>((resolve) => {
      void presentAlert({
        header: 'Sign out with unsent data?',
        message: `${count} ${count === 1 ? 'item is' : 'items are'} not sent yet. They stay on this device and will be sent when you sign in again.`,
        buttons: [
          { text: 'Cancel', role: 'cancel', handler: () => resolve(false) },
          { text: 'Sign out anyway', role: 'destructive', handler: () => resolve(true) },
        ],
        onDidDismiss: (event) => {
          if (event.detail.role === 'backdrop') {
            resolve(false);
          }
        },
      });
    });
  }, [presentAlert]);
}
