import { lazy, Suspense, useEffect, useState } from 'react';
import { IonApp } from '@ionic/react';
import { IonReactRouter } from '@ionic/react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { queryClient } from './query-client';
import { appRoutes } from './routes';
import { Shell } from './shell';
import { ToastHost } from './toast-host';
import { registerOfflineCapableRoute, setOfflineNavigator } from '../shared/offline/offline-redirect';
import { restoreSession, revalidateSession } from '../shared/auth/auth-actions';
import { authStore, type AuthState } from '../shared/auth/auth-store';

/**
 * The service worker's registration and update prompt load a moment after the page has loaded, once
 * the main thread is idle: the usual advice for registering a worker, and its code (workbox-window)
 * stays off the collector's start-up path (an offline cold start is usable well within that moment).
 * A worker that already controls the page serves the app offline meanwhile; registering only checks
 * for updates (hourly after that).
 */
const REGISTER_AFTER_LOAD_MS = 2_000;
const UpdatePrompt = lazy(async () => ({ default: (await import('./update-prompt')).UpdatePrompt }));

function useAfterLoadAndIdle(): boolean {
  const [isReady, setIsReady] = useState(false);
  useEffect(() => {
    let timer: number | null = null;
    let idle: number | null = null;
    const afterLoad = () => {
      timer = window.setTimeout(() => {
        timer = null;
        if (typeof requestIdleCallback === 'function') {
          idle = requestIdleCallback(() => setIsReady(true), { timeout: 5_000 });
        } else {
          setIsReady(true);
        }
      }, REGISTER_AFTER_LOAD_MS);
    };
    if (document.readyState === 'complete') {
      afterLoad();
    } else {
      window.addEventListener('load', afterLoad, { once: true });
    }
    return () => {
      window.removeEventListener('load', afterLoad);
      if (timer !== null) {
        clearTimeout(timer);
      }
      if (idle !== null) {
        cancelIdleCallback(idle);
      }
    };
  }, []);
  return isReady;
}

for (const route of appRoutes) {
  if (route.offlineCapable) {
    registerOfflineCapableRoute(route.path);
  }
}

/** Lets non-React code (the API client's offline redirect) navigate inside the router. */
function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    setOfflineNavigator((to, options) => navigate(to, options));
    return () => setOfflineNavigator(null);
  }, [navigate]);
  return null;
}

/**
 * The outbox follows the signed-in user and drains from app start (the collector binds it). With
 * nobody signed in there is nothing to send, so its code (Dexie, ~36 KB gzip) waits for a session
 * instead of weighing on the sign-in page.
 */
function bindOutboxOnceSignedIn(): () => void {
  let isRequested = false;
  const bindIfSignedIn = (state: AuthState) => {
    if (isRequested || !state.isLoggedIn) {
      return;
    }
    isRequested = true;
    void import('../features/collector/outbox-auth').then((m) => m.bindOutboxToAuth());
  };
  const unsubscribe = authStore.subscribe(bindIfSignedIn);
  bindIfSignedIn(authStore.getState());
  return unsubscribe;
}

export function App() {
  const isUpdateCheckDue = useAfterLoadAndIdle();
  useEffect(() => {
    const stopWaitingForUser = bindOutboxOnceSignedIn();
    void restoreSession();
    // A session taken from this device while offline is confirmed with the server once it is back.
    const onOnline = () => void revalidateSession();
    window.addEventListener('online', onOnline);
    return () => {
      stopWaitingForUser();
      window.removeEventListener('online', onOnline);
    };
  }, []);

  return (
    <QueryClientProvider client={queryClient}>
      <IonApp>
        <IonReactRouter>
          <NavigatorBridge />
          <Shell />
        </IonReactRouter>
        <ToastHost />
        {isUpdateCheckDue && (
          <Suspense fallback={null}>
            <UpdatePrompt />
          </Suspense>
        )}
      </IonApp>
    </QueryClientProvider>
  );
}
