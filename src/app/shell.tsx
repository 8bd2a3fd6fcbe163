import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { IonContent, IonPage, IonRouterOutlet, IonSplitPane } from '@ionic/react';
import { matchPath, Navigate, Route, useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../shared/auth/auth-store';
import { useFocusMode } from '../shared/ui/focus-mode';
import { LoadingState } from '../shared/ui/page-states';
import { forgetLastPath, isOfflinePagePath, isSafeReturnPath } from '../shared/offline/offline-redirect';
import { AppMenu, WithNavRoutes } from './app-menu';
import { appRoutes, type AppRoute } from './routes';
import { lazyPage } from '../shared/routing/app-route';
import { OrganizationScreen } from './organization-screen';
import { Splash } from './splash';

const LockScreen = lazy(async () => ({ default: (await import('../features/accounts/pages/lock-screen')).LockScreen }));

type Status = 'in' | 'out';

/**
 * The menu sits beside the screens only wider than a landscape tablet: at 1024 px and below a
 * 300 px column took a third of the collector and cut the admin tables, so there it is an overlay
 * opened from the toolbar's menu button.
 */
const SPLIT_PANE_WHEN = '(min-width: 1025px)';

// Lazy like the other screens: the collector's offline start never shows it.
const notFoundRoute: AppRoute = {
  path: '*',
  access: 'user',
  title: 'Page not found',
  Page: lazyPage(() => import('./pages/not-found-page'), 'NotFoundPage'),
};

function routesFor(status: Status): AppRoute[] {
  return appRoutes.filter((route) => route.access === 'any' || route.access === (status === 'in' ? 'user' : 'guest'));
}

/** The outlet's routes; signed in, unknown paths get the not-found page. */
function outletRoutes(status: Status): AppRoute[] {
  return status === 'in' ? [...routesFor(status), notFoundRoute] : routesFor(status);
}

function findRoute(pathname: string, routes: AppRoute[]): AppRoute | undefined {
  return routes.find((route) => matchPath({ path: route.path, end: true }, pathname));
}

/** The page frame: IonPage from the shell, the lazy body under Suspense. */
function RouteView({ route }: { route: AppRoute }) {
  return (
    <IonPage>
      <Suspense
        fallback={
          <IonContent>
            <LoadingState />
          </IonContent>
        }
      >
        {route.organizationPage ? <OrganizationScreen route={route} /> : <route.Page />}
      </Suspense>
    </IonPage>
  );
}

/**
 * Sends a signed-out visitor of a signed-in route to sign-in (remembering where they were going)
 * and a signed-in user away from sign-in/register.
 */
function AccessRedirect({ status, hasSignedOut }: { status: Status; hasSignedOut: boolean }) {
  const location = useLocation();
  const allowed = routesFor(status);
  if (findRoute(location.pathname, allowed)) {
    return null;
  }
  if (status === 'out') {
    // After a deliberate sign-out, start fresh; otherwise come back to the requested place.
    const wanted = `${location.pathname}${location.search}${location.hash}`;
    const to = hasSignedOut || location.pathname === '/' ? '/sign-in' : `/sign-in?next=${encodeURIComponent(wanted)}`;
    return <Navigate to={to} replace />;
  }
  const isGuestRoute = findRoute(location.pathname, routesFor('out'));
  if (!isGuestRoute) {
    return null; // the not-found page answers
  }
  const next = new URLSearchParams(location.search).get('next');
  return <Navigate to={isSafeReturnPath(next) ? next : '/'} replace />;
}

/** Keeps the window title in step with the screen, so screen readers announce where they are. */
function DocumentTitle({ status }: { status: Status }) {
  const location = useLocation();
  const route = findRoute(location.pathname, routesFor(status));
  useEffect(() => {
    document.title = route ? `${route.title} · Thera` : 'Thera';
  }, [route]);
  return null;
}

/**
 * True while the screens still belong to another person than the one signed in now (another tab
 * signed someone else in, or the server said the cookie is someone else's): nothing of theirs is
 * shown, and the new person starts at Home instead of on the previous person's screen.
 */
function useUserSwitch(userId: string | null): boolean {
  const [shownUserId, setShownUserId] = useState(userId);
  const navigate = useNavigate();
  const isSwitching = userId !== null && shownUserId !== null && userId !== shownUserId;
  useEffect(() => {
    if (userId === null || userId === shownUserId) {
      return;
    }
    if (shownUserId !== null) {
      navigate('/', { replace: true });
    }
    setShownUserId(userId);
  }, [userId, shownUserId, navigate]);
  return isSwitching;
}

/**
 * A sign-out (in this tab or another) while the offline page shows: that page would go on waiting for
 * the connection and then take the signed-out person's place back. The offline page is open to
 * everyone, so nothing else moves this tab: it goes to the sign-in screen now, online or offline,
 * and the saved place (shared by the tabs) is forgotten. A session that expired keeps it: sign-in
 * returns there.
 */
function useSignOutLeavesOfflinePage(isLoggedIn: boolean, signedOutByUser: boolean) {
  const wasLoggedIn = useRef(isLoggedIn);
  const navigate = useNavigate();
  useEffect(() => {
    const isSignOut = wasLoggedIn.current && !isLoggedIn && signedOutByUser;
    wasLoggedIn.current = isLoggedIn;
    if (!isSignOut) {
      return;
    }
    forgetLastPath();
    if (isOfflinePagePath(window.location.pathname)) {
      navigate('/sign-in', { replace: true });
    }
  }, [isLoggedIn, signedOutByUser, navigate]);
}

export function Shell() {
  const auth = useAuth();
  const isFocusMode = useFocusMode();
  const isSwitchingUser = useUserSwitch(auth.user?.id ?? null);
  useSignOutLeavesOfflinePage(auth.isLoggedIn, auth.signedOutByUser);
  if (auth.sessionLoading || isSwitchingUser) {
    return <Splash />;
  }
  if (auth.locked) {
    return (
      <Suspense fallback={<Splash />}>
        <LockScreen />
      </Suspense>
    );
  }

  const status: Status = auth.isLoggedIn ? 'in' : 'out';
  const pane = (
    <IonSplitPane key={status} contentId="main" when={SPLIT_PANE_WHEN} disabled={status === 'out' || isFocusMode}>
      {status === 'in' && <AppMenu isDisabled={isFocusMode} />}
      <IonRouterOutlet id="main">
        {/* No conditional children: Ionic's outlet reads `.type` of every child, null included. */}
        {outletRoutes(status).map((route) => (
          <Route key={route.path} path={route.path} element={<RouteView route={route} />} />
        ))}
      </IonRouterOutlet>
    </IonSplitPane>
  );
  return (
    <>
      <AccessRedirect status={status} hasSignedOut={auth.signedOutByUser} />
      <DocumentTitle status={status} />
      {/*
        Keyed by status: a new stack per status drops every page (and the data on it) at sign-out,
        and the split pane finds its menu when it starts (a menu added later is never shown beside).
        In focus mode the menu is off altogether: not beside the screen, no menu button, no swipe.
      */}
      {status === 'in' ? <WithNavRoutes>{pane}</WithNavRoutes> : pane}
    </>
  );
}
