import type { RegisterBody, SessionState, LoginBody, User } from '../../../contract/accounts';
import { accounts, workspace } from '../../../contract/routes';
import type { z } from 'zod';
import { api, onLocked, onUnauthorized } from '../api/client';
import { isApiError } from '../api/api-error';
import { ERROR_TEXT, errorText } from '../api/error-text';
import { showToast } from '../ui/toast-store';
import { authStore, readSessionSnapshot } from './auth-store';
import { forgetVerifier, rememberVerifier, verifyOffline } from './offline-unlock';
import { ApiError } from '../api/api-error';

/** Set when sign-out could not reach the server; the next start ends that server session first. */
const PENDING_LOGOUT_KEY = 'thera.pendingLogout';
const LOGOUT_NOTE = 'User logged out';

let signingOut = false;

/** Work a feature must do while the user is still signed in, just before sign-out (never blocks it). */
const beforeLogout = new Set<() => Promise<void>>();
export function onBeforeLogout(task: () => Promise<void>): () => void {
  beforeLogout.add(task);
  return () => beforeLogout.delete(task);
}

// Spec §4: a 401 from any call signs the user out (the server session is already gone).
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

/** First load: GET session/ restores the signed-in user; offline, the last known session stands in. */
export async function restoreSession(): Promise<void> {
  authStore.dispatch({ type: 'sessionStart' });
  await finishPendingLogout();
  await refreshSession();
}

/** Asks the server for the session again (after the connection returns). Never throws. */
export async function refreshSession(): Promise<void> {
  if (pendingServerUnlock) {
    // Unlocked on this device while offline: unlock the server session first, it answers with the session.
    await finishServerUnlock();
    if (!pendingServerUnlock) {
      return;
    }
  }
  try {
    const session = await api(accounts.session);
    authStore.dispatch({ type: 'sessionRestored', session, source: 'server' });
  } catch (error) {
    if (isApiError(error) && error.isNetworkError) {
      const snapshot = readSessionSnapshot();
      if (snapshot) {
        authStore.dispatch({ type: 'sessionRestored', session: snapshot, source: 'cache' });
        return;
      }
    }
    if (isApiError(error) && error.status === 423) {
      authStore.dispatch({ type: 'sessionRestored', session: { user: null, locked: true, active_organization_id: null }, source: 'server' });
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

async function signIn(run: () => Promise<SessionState>, fallback: Parameters<typeof errorText>[1]): Promise<SessionState> {
  authStore.dispatch({ type: 'loginStart' });
  try {
    const session = await run();
    clearPendingLogout(); // a new session replaces the one an offline sign-out left behind
    authStore.dispatch({ type: 'loginSuccess', session });
    return session;
  } catch (error) {
    authStore.dispatch({ type: 'loginFailure', error: errorText(error, fallback) });
    throw error;
  }
}

export async function login(body: z.input<typeof LoginBody>): Promise<SessionState> {
  const session = await signIn(() => api(accounts.login, { body }), ERROR_TEXT.login);
  remember(session, body.password);
  return session;
}

/** Keeps the offline-unlock verifier current whenever the password is in hand (never the password). */
function remember(session: SessionState, password: string) {
  if (session.user) {
    void rememberVerifier(session.user, password).catch(() => undefined);
  }
}

/** Spec §8 gives registration its own network text, so the form stays and says it. */
export async function register(body: RegisterBody): Promise<SessionState> {
  const session = await signIn(() => api(accounts.register, { body }, { offlineRedirect: false }), { text: ERROR_TEXT.register, network: ERROR_TEXT.registerNetwork });
  remember(session, body.password);
  return session;
}

/**
 * Spec §4: before the logout call, an open workspace usage is ended with the note 'User logged out';
 * if that fails it is ignored and sign-out continues. The user is signed out on this device whatever
 * the server answers.
 */
export async function logout(): Promise<void> {
  if (signingOut) {
    return;
  }
  signingOut = true;
  try {
    for (const task of beforeLogout) {
      await task().catch(() => undefined);
    }
    const usageId = authStore.getState().usageId;
    if (usageId) {
      await api(workspace.closeWorkspace, { params: { usageId }, body: { notes: LOGOUT_NOTE } }, { offlineRedirect: false }).catch(() => undefined);
    }
    try {
      await api(accounts.logout, undefined, { offlineRedirect: false });
      clearPendingLogout();
    } catch (error) {
      if (isApiError(error) && error.isNetworkError) {
        markPendingLogout();
      }
    }
  } finally {
    forgetVerifier();
    pendingServerUnlock = null;
    authStore.dispatch({ type: 'logout' });
    signingOut = false;
  }
}

/** Locks the server session; without a connection the device locks anyway. */
export async function lock(): Promise<void> {
  try {
    await api(accounts.lockAccount, undefined, { offlineRedirect: false });
  } catch (error) {
    if (!(isApiError(error) && error.isNetworkError)) {
      throw error;
    }
  }
  authStore.dispatch({ type: 'locked' });
}

/** The password typed at an offline unlock, kept in memory only until the server session is unlocked too. */
let pendingServerUnlock: string | null = null;
let offlineFailures = 0;
const OFFLINE_UNLOCK_ATTEMPTS = 5; // as on the server: five wrong passwords end the session

/**
 * Online: the server checks the password. Offline: the verifier kept at sign-in does (issue 3 §1);
 * the server session is unlocked when the connection returns.
 */
export async function unlock(password: string): Promise<SessionState> {
  try {
    const session = await api(accounts.unlockAccount, { body: { password } }, { offlineRedirect: false });
    authStore.dispatch({ type: 'sessionRestored', session, source: 'server' });
    remember(session, password);
    offlineFailures = 0;
    return session;
  } catch (error) {
    if (!(isApiError(error) && error.isNetworkError)) {
      throw error;
    }
  }
  const user = await verifyOffline(password);
  if (!user) {
    offlineFailures += 1;
    if (offlineFailures >= OFFLINE_UNLOCK_ATTEMPTS) {
      offlineFailures = 0;
      await logout();
    }
    throw new ApiError({ status: 400, code: 'VALIDATION_FAILED', detail: 'Incorrect password.', errors: { password: ['Incorrect password.'] } });
  }
  offlineFailures = 0;
  pendingServerUnlock = password;
  const session: SessionState = { user, locked: false, active_organization_id: authStore.getState().activeOrganizationId ?? readSessionSnapshot()?.active_organization_id ?? null };
  authStore.dispatch({ type: 'sessionRestored', session, source: 'cache' });
  return session;
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

/** After a password change the offline verifier follows the new password. */
export function passwordChanged(newPassword: string): void {
  const { user, locked, activeOrganizationId } = authStore.getState();
  if (user) {
    remember({ user, locked, active_organization_id: activeOrganizationId }, newPassword);
  }
}

/** Spec §5: profile name changes are mirrored to the session user (ORG owners also the phone). */
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

function markPendingLogout() {
  try {
    localStorage.setItem(PENDING_LOGOUT_KEY, '1');
  } catch {
    // ignore
  }
}

function clearPendingLogout() {
  try {
    localStorage.removeItem(PENDING_LOGOUT_KEY);
  } catch {
    // ignore
  }
}

async function finishPendingLogout() {
  let pending = false;
  try {
    pending = localStorage.getItem(PENDING_LOGOUT_KEY) === '1';
  } catch {
    return;
  }
  if (!pending) {
    return;
  }
  try {
    await api(accounts.logout, undefined, { offlineRedirect: false });
    clearPendingLogout();
  } catch (error) {
    if (!(isApiError(error) && error.isNetworkError)) {
      clearPendingLogout();
    }
  }
}

/** A call answered with the whole session (e.g. switching organization): take it as it is. */
export function applySession(session: SessionState): void {
  authStore.dispatch({ type: 'sessionRestored', session, source: 'server' });
}
