/**
 * A network failure on an online-only screen saves where the user was under
 * `lastPathBeforeOffline` and shows /status/offline?internal=1; when the connection is back the
 * offline page returns the user there. Screens that work offline (the collector) opt out.
 */
export const LAST_PATH_KEY = 'lastPathBeforeOffline';
export const OFFLINE_PATH = '/status/offline';
export const OFFLINE_URL = `${OFFLINE_PATH}?internal=1`;
export const HEALTH_URL = '/healthz';

type Navigate = (to: string, options: { replace: boolean }) => void;
type Pattern = string | RegExp;

const offlineCapable = new Set<Pattern>();
let navigateTo: Navigate | null = null;

/**
 * Marks a route as working offline: a network failure there never redirects. A string matches the
 * path itself and everything under it ('/collector' matches '/collector/sessions/1').
 * Returns a function that removes the mark.
 */
export function registerOfflineCapableRoute(pattern: Pattern): () => void {
  offlineCapable.add(pattern);
  return () => {
    offlineCapable.delete(pattern);
  };
}

export function isOfflineCapablePath(pathname: string): boolean {
  for (const pattern of offlineCapable) {
    if (typeof pattern === 'string') {
      const base = pattern.endsWith('/') ? pattern.slice(0, -1) : pattern;
      if (pathname === base || pathname.startsWith(`${base}/`)) {
        return true;
      }
    } else if (pattern.test(pathname)) {
      return true;
    }
  }
  return false;
}

export function isOfflinePagePath(pathname: string): boolean {
  return pathname === OFFLINE_PATH || pathname === `${OFFLINE_PATH}/`;
}

/** The router hands over its navigate function so redirects keep the single-page history. */
export function setOfflineNavigator(navigate: Navigate | null): void {
  navigateTo = navigate;
}

interface LocationLike {
  pathname: string;
  search: string;
  hash: string;
}

/** Saves path, query and hash (not when already on the offline page: that would loop). */
export function saveLastPath(location: LocationLike = window.location): void {
  if (isOfflinePagePath(location.pathname)) {
    return;
  }
  try {
    localStorage.setItem(LAST_PATH_KEY, `${location.pathname}${location.search}${location.hash}`);
  } catch {
    // Storage full or denied (private mode): the offline page then returns to the start page.
  }
}

/** Only same-origin app paths are accepted back: '/x', never '//evil.example' or the offline page. */
export function isSafeReturnPath(value: string | null | undefined): value is string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return false;
  }
  const pathname = value.split(/[?#]/, 1)[0] ?? '';
  return !isOfflinePagePath(pathname);
}

export function peekLastPath(): string | null {
  try {
    const value = localStorage.getItem(LAST_PATH_KEY);
    return isSafeReturnPath(value) ? value : null;
  } catch {
    return null;
  }
}

/** Reads and forgets the saved place; '/' when none (or an unsafe one) was saved. */
export function takeLastPath(): string {
  const value = peekLastPath();
  forgetLastPath();
  return value ?? '/';
}

/** Drops the saved place (a sign-out: it was the signed-out person's screen). */
export function forgetLastPath(): void {
  try {
    localStorage.removeItem(LAST_PATH_KEY);
  } catch {
    // ignore: nothing to clean up
  }
}

/** Whether a network failure right now should leave the current screen for the offline page. */
export function shouldRedirectOffline(pathname: string = window.location.pathname): boolean {
  return !isOfflinePagePath(pathname) && !isOfflineCapablePath(pathname);
}

/**
 * Sends the user to the offline page after a network failure, unless the current screen works
 * offline. Returns whether it did.
 */
export function goOffline(location: LocationLike = window.location): boolean {
  if (!shouldRedirectOffline(location.pathname)) {
    return false;
  }
  saveLastPath(location);
  if (navigateTo) {
    navigateTo(OFFLINE_URL, { replace: true });
  } else {
    window.history.replaceState(null, '', OFFLINE_URL);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }
  return true;
}

/** Asks the server whether it is reachable; never throws. */
export async function isServerReachable(fetchImpl: typeof fetch = fetch, timeoutMs = 5000): Promise<boolean> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetchImpl(HEALTH_URL, { cache: 'no-store', credentials: 'same-origin', signal: controller.signal });
    return response.ok;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
