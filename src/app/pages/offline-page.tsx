import { useCallback, useEffect, useRef, useState } from 'react';
import { IonIcon, IonSpinner } from '@ionic/react';
import { IconButton } from '../../shared/ui/icon-button';
import { cloudOfflineOutline, refreshOutline } from 'ionicons/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { revalidateSession } from '../../shared/auth/auth-actions';
import { Screen } from '../../shared/ui/screen';
import { formatTime } from '../../shared/ui/time-zones';
import { isOfflinePagePath, isServerReachable, takeLastPath } from '../../shared/offline/offline-redirect';

const POLL_MS = 5000;

type Status = 'checking' | 'offline' | 'back';

/**
 * The offline status page, /status/offline?internal=1. Polls /healthz (and listens for 'online'); once the server
 * answers, the user goes back to the path, query and hash saved in lastPathBeforeOffline.
 */
export function OfflinePage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<Status>('checking');
  const [lastChecked, setLastChecked] = useState<Date | null>(null);
  const isChecking = useRef(false);

  const check = useCallback(async () => {
    // Ionic keeps left pages mounted; only the page on screen may act.
    if (isChecking.current || !isOfflinePagePath(window.location.pathname)) {
      return;
    }
    isChecking.current = true;
    setStatus('checking');
    const reachable = await isServerReachable();
    isChecking.current = false;
    if (!reachable || !isOfflinePagePath(window.location.pathname)) {
      setStatus('offline');
      setLastChecked(new Date());
      return;
    }
    setStatus('back');
    await revalidateSession();
    // Screens that failed while offline load again when they show.
    void queryClient.invalidateQueries({ predicate: (query) => query.state.status === 'error' });
    navigate(takeLastPath(), { replace: true });
  }, [navigate, queryClient]);

  useEffect(() => {
    void check();
    const timer = setInterval(() => void check(), POLL_MS);
    const onOnline = () => void check();
    window.addEventListener('online', onOnline);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', onOnline);
    };
  }, [check]);

  return (
    <>
      {/* With the menu button: signed in on a tablet, the menu (and Sign out) stay at hand offline. */}
      <Screen title="Offline" className="page-narrow offline-page">
        <IonIcon icon={cloudOfflineOutline} aria-hidden="true" className="offline-page__icon" />
        <h2>You are offline</h2>
        <p>Thera cannot reach the server right now. As soon as the connection is back you will return to the screen you were on.</p>
        <p className="offline-page__status" role="status" aria-live="polite">
          {status === 'checking' && (
            <>
              <IonSpinner name="dots" aria-hidden="true" /> Checking the connection…
            </>
          )}
          {status === 'offline' &&
            `Still offline${lastChecked ? ` (checked at ${formatTime(lastChecked)})` : ''}. Checking again every few seconds.`}
          {status === 'back' && 'Connection is back. Taking you back…'}
        </p>
        <IconButton icon={refreshOutline} onClick={() => void check()} disabled={status !== 'offline'}>
          Try now
        </IconButton>
      </Screen>
    </>
  );
}
