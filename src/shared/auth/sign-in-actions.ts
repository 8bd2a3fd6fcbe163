import type { LoginBody, RegisterBody, SessionState } from '../../../contract/accounts';
import { accounts } from '../../../contract/routes/accounts';
import type { z } from 'zod';
import { api } from '../api/client';
import { ApiError, isApiError } from '../api/api-error';
import { ERROR_TEXT, errorText } from '../api/error-text';
import { authStore, readSessionSnapshot } from './auth-store';
import { announce } from './auth-channel';
import { signInExclusively } from './pending-logout';
import { logout, markSignedIn, unlockServerWhenOnline } from './auth-actions';
import { rememberVerifier, verifyOffline } from './offline-unlock';

// Signing in, registering, locking and unlocking: only their screens need them, so they stay off the
// start-up code every screen loads (a signed-in tablet starting offline does none of them first).

async function signIn(run: () => Promise<SessionState>, fallback: Parameters<typeof errorText>[1]): Promise<SessionState> {
  authStore.dispatch({ type: 'loginStart' });
  try {
    // The server ends the session the old cookie names, so a sign-out still waiting is done too.
    const session = await signInExclusively(run);
    markSignedIn();
    authStore.dispatch({ type: 'loginSuccess', session });
    if (session.user) {
      announce({ type: 'signed-in', userId: session.user.id });
    }
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

/**
 * Registration has its own sentence for a failed network, so the form stays open and says it.
 * `then` runs as the new account before the app counts it as signed in (joining an invitation), so
 * the first screen it shows is the one the account ends up on; it answers the session to start with.
 */
export async function register(body: RegisterBody, then?: (session: SessionState) => Promise<SessionState>): Promise<SessionState> {
  const run = async () => {
    const session = await api(accounts.register, { body }, { offlineRedirect: false });
    return then ? then(session) : session;
  };
  const session = await signIn(run, {
    text: ERROR_TEXT.register,
    network: ERROR_TEXT.registerNetwork,
  });
  remember(session, body.password);
  return session;
}

/** After a password change the offline verifier follows the new password. */
export function passwordChanged(newPassword: string): void {
  const { user, locked, activeOrganizationId } = authStore.getState();
  if (user) {
    remember({ user, locked, active_organization_id: activeOrganizationId }, newPassword);
  }
}

/** Keeps the offline-unlock verifier current whenever the password is in hand (never the password). */
function remember(session: SessionState, password: string) {
  if (session.user) {
    void rememberVerifier(session.user, password).catch(() => undefined);
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

let offlineFailures = 0;
const OFFLINE_UNLOCK_ATTEMPTS = 5; // as on the server: five wrong passwords end the session

/**
 * Online: the server checks the password. Offline: the verifier kept at sign-in does (a locked tablet must open without a network);
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
    throw new ApiError({
      status: 400,
      code: 'VALIDATION_FAILED',
      detail: 'Incorrect password.',
      errors: { password: ['Incorrect password.'] },
    });
  }
  offlineFailures = 0;
  unlockServerWhenOnline(password);
  const session: SessionState = {
    user,
    locked: false,
    active_organization_id: authStore.getState().activeOrganizationId ?? readSessionSnapshot()?.active_organization_id ?? null,
  };
  authStore.dispatch({ type: 'sessionRestored', session, source: 'cache' });
  return session;
}
