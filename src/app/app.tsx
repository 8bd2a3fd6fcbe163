import { useEffect } from 'react';
import { IonApp } from '@ionic/react';
import { IonReactRouter } from '@ionic/react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { queryClient } from './query-client';
import { appRoutes } from './routes';
import { Shell } from './shell';
import { ToastHost } from './toast-host';
import { UpdatePrompt } from './update-prompt';
import { registerOfflineCapableRoute, setOfflineNavigator } from '../shared/offline/offline-redirect';
import { restoreSession, revalidateSession } from '../shared/auth/auth-actions';
import { authStore, type AuthState } from '../shared/auth/auth-store';

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
        <UpdatePrompt />
      </IonApp>
    </QueryClientProvider>
  );
}
