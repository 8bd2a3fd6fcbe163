import { useEffect } from 'react';
import { dismissToast, useCurrentToast } from '../shared/ui/toast-store';

const presented = new Set<number>();

/** Shows queued toasts one at a time (the presenter is fetched with the first one). */
export function ToastHost() {
  const toast = useCurrentToast();
  useEffect(() => {
    if (!toast || presented.has(toast.id)) {
      return;
    }
    presented.add(toast.id);
    void import('./toast-presenter')
      .then(({ presentToast }) => presentToast(toast))
      .catch(() => undefined)
      .finally(() => {
        presented.delete(toast.id);
        dismissToast(toast.id);
      });
  }, [toast]);
  return null;
}
