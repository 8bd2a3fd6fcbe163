import { accounts } from '../../../contract/routes/accounts';
import { api } from '../api/client';
import { isApiError } from '../api/api-error';

/**
 * A sign-out ends the sign-in on the device at once; telling the server may have to wait (no
 * connection). Until the server has confirmed it, this marker (shared by every tab) says so, and it
 * wins over everything else: the app sends nothing with the old cookie before the logout call went
 * through. Only a sign-in (which ends the presented session on the server) or a confirmed logout
 * clears it.
 */
const PENDING_LOGOUT_KEY = 'thera.pendingLogout';

export function isLogoutPending(): boolean {
  try {
    return localStorage.getItem(PENDING_LOGOUT_KEY) !== null;
  } catch {
    return false;
  }
}

export function markPendingLogout(): void {
  try {
    localStorage.setItem(PENDING_LOGOUT_KEY, '1');
  } catch {
    // Storage denied: the logout call still goes now; nothing else can hold the marker.
  }
}

export function clearPendingLogout(): void {
  try {
    localStorage.removeItem(PENDING_LOGOUT_KEY);
  } catch {
    // ignore
  }
}

let running: Promise<boolean> | null = null;
let signingIn: Promise<unknown> | null = null;

/**
 * Sends the waiting logout, once at a time across callers. True when no logout waits any more.
 * Only the API's own answer counts: `{ ok: true }`, or a 401 (the session is already gone). A
 * network failure, a 5xx, or a sign-in portal's `200 text/html` keep it waiting.
 */
export function finishPendingLogout(): Promise<boolean> {
  if (!isLogoutPending()) {
    return Promise.resolve(true);
  }
  running ??= sendLogout().finally(() => {
    running = null;
  });
  return running;
}

/**
 * Runs a sign-in so that it never overlaps the waiting logout call: a logout answered after the
 * sign-in would clear the new cookie (its answer expires the cookie), and a logout sent just after
 * the sign-in's answer would carry the new cookie. The sign-in itself ends the old session.
 */
export function signInExclusively<T>(run: () => Promise<T>): Promise<T> {
  const attempt = (async () => {
    await running?.catch(() => undefined);
    const result = await run();
    clearPendingLogout(); // the server ended the session the old cookie named
    return result;
  })();
  signingIn = attempt;
  attempt
    .finally(() => {
      if (signingIn === attempt) {
        signingIn = null;
      }
    })
    .catch(() => undefined);
  return attempt;
}

async function sendLogout(): Promise<boolean> {
  await signingIn?.catch(() => undefined);
  if (!isLogoutPending()) {
    return true; // the sign-in ended the old session and cleared the marker
  }
  try {
    await api(accounts.logout, undefined, { offlineRedirect: false });
    clearPendingLogout();
    return true;
  } catch (error) {
    if (isApiError(error) && error.status === 401) {
      clearPendingLogout();
      return true;
    }
    return false;
  }
}
