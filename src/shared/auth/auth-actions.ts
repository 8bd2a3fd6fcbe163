import type { RegisterBody, SessionState, LoginBody, User } from '../../../contract/accounts';
import { accounts } from '../../../contract/routes/accounts';
import { workspace } from '../../../contract/routes/workspace';
import type { z } from 'zod';
import { api, onLocked, onUnauthorized, setRequestGate } from '../api/client';
import { isApiError } from '../api/api-error';
import { ERROR_TEXT, errorText } from '../api/error-text';
import { showToast } from '../ui/toast-store';
import { authStore, readSessionSnapshot } from './auth-store';
import { forgetVerifier } from './offline-unlock-key';
import { ApiError } from '../api/api-error';
import { announce, onAuthMessage, type AuthMessage } from './auth-channel';
import { finishPendingLogout, isLogoutPending, markPendingLogout, signInExclusively } from './pending-logout';
import { onWrongUser } from './wrong-user';

const LOGOUT_NOTE = 'User logged out';
/** The outbox's owner as the service worker reads it (src/shared/outbox/outbox.ts writes it too). */
const OUTBOX_USER_KEY = 'currentUserId';
const FORGET_WAIT_MS = 2_000;

let signingOut = false;
/**
 * Moves on at every sign-out and sign-in: a session check that started before one of them answers
 * about a sign-in that is over, and its answer is dropped.
 */
let authEpoch = 0;

/** Calls that must go with the old cookie or that end it anyway: everything else waits for the logout. */
const SIGN_IN_OR_OUT_PATHS = new Set<string>([accounts.logout.path, accounts.login.path, accounts.register.path]);

// A sign-out wins over every call: while it waits to reach the server, a call first sends it, and
// if it can't, the call fails as offline (never with the signed-out person's cookie).
setRequestGate((_method, url) => {
  if (!isLogoutPending() || SIGN_IN_OR_OUT_PATHS.has(url.split('?')[0] ?? url)) {
    return undefined;
  }
  return finishPendingLogout().then((isDone) => {
    if (!isDone) {
      throw new TypeError('A sign-out is waiting to reach the server.');
    }
  });
});

/** Work a feature must do while the user is still signed in, just before sign-out (never blocks it). */
const beforeLogout = new Set<() => Promise<void>>();
export function onBeforeLogout(task: () => Promise<void>): () => void {
  beforeLogout.add(task);
  return () => beforeLogout.delete(task);
}

// A 401 from any call signs the user out (the server session is already gone).
onUnauthorized(() => {
  const { isLoggedIn } = authStore.getState();
  if (!isLoggedIn || signingOut) {
    return;
  }
  authStore.dispatch({ type: 'logout', expired: true });
  showToast('Your session has ended. Please sign in again.', 'neutral');
});

onLocked(() => {
  authStore.dispatch({ type: 'locked' });
});

/**
 * First load: GET session/ restores the signed-in user; offline, the last known session stands in.
 * A sign-out still waiting for the server goes first, and until it went through nobody is signed in.
 */
export async function restoreSession(): Promise<void> {
  authStore.dispatch({ type: 'sessionStart' });
  if (isLogoutPending()) {
    await forgetSignInOnDevice(); // again: the page that signed out may have closed before it was done
  }
  await refreshSession();
}

let refreshing: { epoch: number; done: Promise<void> } | null = null;

/**
 * Asks the server for the session again (after the connection returns). Never throws. Callers share
 * a check in flight, unless a sign-out or sign-in happened since it started: then a new one follows.
 */
export function refreshSession(): Promise<void> {
  if (refreshing && refreshing.epoch === authEpoch) {
    return refreshing.done;
  }
  const entry = { epoch: authEpoch, done: (refreshing?.done ?? Promise.resolve()).then(askServerForSession) };
  refreshing = entry;
  void entry.done.finally(() => {
    if (refreshing === entry) {
      refreshing = null;
    }
  });
  return entry.done;
}

async function askServerForSession(): Promise<void> {
  if (isLogoutPending()) {
    pendingServerUnlock = null;
    if (!(await finishPendingLogout())) {
      authStore.dispatch({ type: 'sessionMissing' });
      return;
    }
  }
  const epoch = authEpoch;
  // A sign-out or sign-in while the answer was on its way decides instead.
  const isOutdated = () => epoch !== authEpoch || isLogoutPending();
  if (pendingServerUnlock) {
    // Unlocked on this device while offline: unlock the server session first, it answers with the session.
    await finishServerUnlock();
    if (!pendingServerUnlock) {
      return;
    }
  }
  try {
    const session = await api(accounts.session);
    if (isOutdated()) {
      return;
    }
    authStore.dispatch({ type: 'sessionRestored', session, source: 'server' });
  } catch (error) {
    if (isOutdated()) {
      if (authStore.getState().sessionLoading) {
        authStore.dispatch({ type: 'sessionMissing' });
      }
      return;
    }
    if (isApiError(error) && error.isNetworkError) {
      const snapshot = readSessionSnapshot();
      if (snapshot) {
        authStore.dispatch({ type: 'sessionRestored', session: snapshot, source: 'cache' });
        return;
      }
    }
    if (isApiError(error) && error.status === 423) {
      authStore.dispatch({
        type: 'sessionRestored',
        session: { user: null, locked: true, active_organization_id: null },
        source: 'server',
      });
      return;
    }
    authStore.dispatch({ type: 'sessionMissing' });
  }
}

/** Re-checks the session only when it is not known from the server (offline start, signed out). */
export async function revalidateSession(): Promise<void> {
  const { source, isLoggedIn } = authStore.getState();
  if (source === 'cache' || !isLoggedIn) {
    await refreshSession();
  }
}

/** Someone signed in: a session check that started before answers about a sign-in that is over. */
export function markSignedIn(): void {
  authEpoch += 1;
}

/**
 * Before the logout call, an open workspace usage is ended with the note 'User logged out';
 * if that fails it is ignored and sign-out continues. The user is signed out on this device at
 * once and for good, whatever the server answers: the logout is recorded as pending before it is
 * sent, and stays pending (winning over every session check) until the server confirmed it.
 */
export async function logout(): Promise<void> {
  if (signingOut) {
    return;
  }
  signingOut = true;
  try {
    try {
      for (const task of beforeLogout) {
        await task().catch(() => undefined);
      }
      const usageId = authStore.getState().usageId;
      if (usageId) {
        await api(workspace.closeWorkspace, { params: { usageId }, body: { notes: LOGOUT_NOTE } }, { offlineRedirect: false }).catch(
          () => undefined,
        );
      }
    } finally {
      markPendingLogout();
      authEpoch += 1;
      await forgetSignInOnDevice();
      authStore.dispatch({ type: 'logout' });
      announce({ type: 'signed-out' });
    }
    await finishPendingLogout();
  } finally {
    signingOut = false;
  }
}

/**
 * What would let the signed-out person back in without the server: the offline-unlock verifier, a
 * password kept for an offline unlock, and the outbox's owner for the service worker (which would
 * otherwise send their operations with whatever cookie the browser holds). Their operations stay.
 */
async function forgetSignInOnDevice(): Promise<void> {
  forgetVerifier();
  pendingServerUnlock = null;
  const forget = import('../db/db').then(({ getDb }) => getDb().meta.put({ key: OUTBOX_USER_KEY, value: null }));
  // A stuck IndexedDB must not hold the sign-out; the outbox also drops its user when the state changes.
  await Promise.race([forget.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, FORGET_WAIT_MS))]);
}

/**
 * Another tab signed out, or signed in someone else: this tab drops its user at once (its screens
 * and the outbox follow the state) and asks the server who is signed in now. The same person
 * signing in again: this tab takes the session back, and the outbox sends what waited.
 */
function onOtherTab(message: AuthMessage) {
  const state = authStore.getState();
  if (message.type === 'wrong-user') {
    void refreshSession();
    return;
  }
  const isSameUser = message.type === 'signed-in' && state.user?.id === message.userId;
  if (!isSameUser && (state.isLoggedIn || state.sessionLoading)) {
    authEpoch += 1;
    pendingServerUnlock = null;
    authStore.dispatch({ type: 'logout', elsewhere: true });
  }
  if (message.type === 'signed-in' && !(isSameUser && state.source === 'server')) {
    void refreshSession();
  }
}
onAuthMessage(onOtherTab);

// The server refused operations as another person's: the cookie is someone else's now.
onWrongUser(() => void refreshSession());

/** The password typed at an offline unlock, kept in memory only until the server session is unlocked too. */
let pendingServerUnlock: string | null = null;

/** An offline unlock let the person in: the server session is unlocked with this password once it can be reached. */
export function unlockServerWhenOnline(password: string): void {
  pendingServerUnlock = password;
}

/** After an offline unlock: unlock the server session as soon as it can be reached. */
async function finishServerUnlock() {
  const password = pendingServerUnlock;
  if (!password) {
    return;
  }
  try {
    const session = await api(accounts.unlockAccount, { body: { password } }, { offlineRedirect: false });
    pendingServerUnlock = null;
    authStore.dispatch({ type: 'sessionRestored', session, source: 'server' });
  } catch (error) {
    if (!(isApiError(error) && error.isNetworkError)) {
      pendingServerUnlock = null; // refused (e.g. the password changed elsewhere): the server asks again
    }
  }
}
if (typeof window !== 'undefined') {
  window.addEventListener('online', () => void finishServerUnlock());
}

/** Profile name changes are mirrored to the session user (ORG owners also the phone). */
export function mirrorProfile(profile: Pick<User, 'first_name' | 'last_name' | 'phone_number'>): void {
  const user = authStore.getState().user;
  if (!user) {
    return;
  }
  authStore.dispatch({
    type: 'userUpdated',
    changes: {
      first_name: profile.first_name,
      last_name: profile.last_name,
      ...(user.user_type === 'ORG' ? { phone_number: profile.phone_number } : {}),
    },
  });
}

export function updateSessionUser(changes: Partial<User>): void {
  authStore.dispatch({ type: 'userUpdated', changes });
}

export function setActiveOrganization(organizationId: string | null): void {
  authStore.dispatch({ type: 'activeOrganizationChanged', organizationId });
}

export function clearAuthError(): void {
  authStore.dispatch({ type: 'clearError' });
}

/** A call answered with the whole session (e.g. switching organization): take it as it is. */
export function applySession(session: SessionState): void {
  authStore.dispatch({ type: 'sessionRestored', session, source: 'server' });
}
