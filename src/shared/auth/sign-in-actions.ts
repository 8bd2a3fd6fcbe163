import type { LoginBody, RegisterBody, SessionState } from '../../../contract/accounts';
import { accounts } from '../../../contract/routes/accounts';
import type { z } from 'zod';
import { api } from '../api/client';
import { ERROR_TEXT, errorText } from '../api/error-text';
import { authStore } from './auth-store';
import { announce } from './auth-channel';
import { signInExclusively } from './pending-logout';
import { markSignedIn, remember } from './auth-actions';

// Signing in and registering: only the sign-in and registration screens need them, so they stay off
// the start-up code every screen loads (a signed-in tablet starting offline never signs in).

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

/** Spec §8 gives registration its own network text, so the form stays and says it. */
export async function register(body: RegisterBody): Promise<SessionState> {
  const session = await signIn(() => api(accounts.register, { body }, { offlineRedirect: false }), {
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

