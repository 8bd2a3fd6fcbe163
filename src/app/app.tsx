import { useEffect, useState, type ComponentType } from 'react';
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
import { connectivity } from '../shared/offline/connectivity';

/**
 * The service worker's registration and update prompt load a moment after the page has loaded, once
 * the main thread is idle: the usual advice for registering a worker, and its code (workbox-window)
 * stays off the collector's start-up path (an offline cold start is usable well within that moment).
 * A worker that already controls the page serves the app offline meanwhile; registering only checks
 * for updates (hourly after that). If the code can't be fetched (the network went before any worker
 * was installed), it is asked for again when the connection returns; nothing else depends on it.
 */
const REGISTER_AFTER_LOAD_MS = 2_000;

function useDeferredUpdatePrompt(): ComponentType | null {
  const [Prompt, setPrompt] = useState<ComponentType | null>(null);
  useEffect(() => {
    let isGone = false;
    let timer: number | null = null;
    let idle: number | null = null;
    const load = () => {
      import('./update-prompt').then(
        (module) => !isGone && setPrompt(() => module.UpdatePrompt),
        () => window.addEventListener('online', load, { once: true }),
      );
    };
    const afterLoad = () => {
      timer = window.setTimeout(() => {
        timer = null;
        if (typeof requestIdleCallback === 'function') {
          idle = requestIdleCallback(load, { timeout: 5_000 });
        } else {
          load();
        }
      }, REGISTER_AFTER_LOAD_MS);
    };
    if (document.readyState === 'complete') {
      afterLoad();
    } else {
      window.addEventListener('load', afterLoad, { once: true });
    }
    return () => {
      isGone = true;
      window.removeEventListener('load', afterLoad);
      window.removeEventListener('online', load);
      if (timer !== null) {
        clearTimeout(timer);
      }
      if (idle !== null) {
        cancelIdleCallback(idle);
      }
    };
  }, []);
  return Prompt;
}

connectivity.watchBrowser();

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
 * The collector's ended sessions and workspace usages reach the dashboards here (features do not
 * import each other): once the server confirmed one, the organization's dashboards are marked stale.
 * The outbox is loaded by then (it drains once signed in); the dashboards' code loads with the first
 * delivery, so it never weighs on the collector's start-up.
 */
async function markDashboardsStaleOnDelivery(): Promise<void> {
  const { outbox } = await import('../shared/outbox/outbox');
  outbox.onDelivered((delivered) => {
    void import('../features/dashboards/stale').then((m) => m.markDashboardsStale(queryClient, delivered));
  });
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
    void markDashboardsStaleOnDelivery();
  };
  const unsubscribe = authStore.subscribe(bindIfSignedIn);
  bindIfSignedIn(authStore.getState());
  return unsubscribe;
}

export function App() {
  const UpdatePrompt = useDeferredUpdatePrompt();
  useEffect(() => {
    const stopWaitingForUser = bindOutboxOnceSignedIn();
    void restoreSession();
    // A session taken from this device while offline is confirmed with the server once it is back.
    const stopFollowing = connectivity.subscribe((isOnline) => isOnline && void revalidateSession());
    return () => {
      stopWaitingForUser();
      stopFollowing();
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
        {UpdatePrompt && <UpdatePrompt />}
      </IonApp>
    </QueryClientProvider>
  );
}
