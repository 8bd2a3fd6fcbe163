import { useEffect } from 'react';
import { dismissToast, useCurrentToast } from '../shared/ui/toast-store';

/** Toasts on screen (or on their way), by id, each with the means to take it off early. */
const presented = new Map<number, AbortController>();

/**
 * Shows queued toasts one at a time (the presenter is fetched with the first one). A toast that
 * left the queue while on screen (a newer confirmation replaced it) is dismissed at once.
 */
export function ToastHost() {
  const toast = useCurrentToast();
  useEffect(() => {
    for (const [id, controller] of presented) {
      if (id !== toast?.id) {
        controller.abort();
      }
    }
    if (!toast || presented.has(toast.id)) {
      return;
    }
    const controller = new AbortController();
    presented.set(toast.id, controller);
    void import('./toast-presenter')
      .then(({ presentToast }) => presentToast(toast, controller.signal))
      .catch(() => undefined)
      .finally(() => {
        presented.delete(toast.id);
        dismissToast(toast.id);
      });
  }, [toast]);
  return null;
}
