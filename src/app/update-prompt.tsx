import { useState } from 'react';
import { IonButton } from '@ionic/react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { canActivateUpdate } from './update-gate';

const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker and, when a new version waits, offers a reload instead of reloading
 * by itself. The waiting worker only activates after canActivateUpdate() agrees (unsent data first).
 */
export function UpdatePrompt() {
  const [isHeld, setIsHeld] = useState(false);
  const [isApplying, setIsApplying] = useState(false);
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (registration) {
        setInterval(() => {
          void registration.update().catch(() => undefined);
        }, UPDATE_CHECK_MS);
      }
    },
  });

  if (!needRefresh) {
    return null;
  }

  async function reload() {
    setIsApplying(true);
    if (await canActivateUpdate()) {
      setIsHeld(false);
      // Sends {type:'SKIP_WAITING'}; the page reloads when the new worker takes control.
      await updateServiceWorker(true);
      return;
    }
    setIsHeld(true);
    setIsApplying(false);
  }

  return (
    <aside className="update-banner" aria-label="Update available">
      <p role="status">
        {isHeld ? 'A new version is ready. It will be installed once your recorded data has been sent.' : 'A new version is available.'}
      </p>
      <div className="update-banner__actions">
        <IonButton fill="clear" color="light" onClick={() => setNeedRefresh(false)}>
          Later
        </IonButton>
        <IonButton color="light" onClick={() => void reload()} disabled={isApplying}>
          {isHeld ? 'Try again' : 'Reload'}
        </IonButton>
      </div>
    </aside>
  );
}
