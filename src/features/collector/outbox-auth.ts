import { authStore, type AuthState } from '../../shared/auth/auth-store';
import { onBeforeLogout } from '../../shared/auth/auth-actions';
import { reportWrongUser } from '../../shared/auth/wrong-user';
import { getDb } from '../../shared/db/db';
import { outbox } from '../../shared/outbox/outbox';
import { closeWorkspace } from './actions';
import { workspaceKey } from './local-store';

/**
 * Sign-out ends the open workspace usage with the note 'User logged out'. A usage opened
 * on this device may not have reached the server yet, so its close goes through the outbox, in the
 * usage's own lane, after the open (the direct call in auth-actions covers usages the server knows).
 */
async function closeLocalWorkspace() {
  const organizationId = authStore.getState().activeOrganizationId;
  if (!organizationId) {
    return;
  }
  const local = (await getDb().meta.get(workspaceKey(organizationId)))?.value as { usageId?: string } | null | undefined;
  if (local?.usageId) {
    await closeWorkspace(organizationId, local.usageId, 'User logged out');
  }
}

let isBound = false;

const isConfirmed = (s: AuthState | null) => !!s && s.isLoggedIn && !s.locked && s.source === 'server' && !!s.user;

/**
 * The outbox belongs to the signed-in user: it starts for them, stops sending on sign-out (their
 * unsent items stay on the device, with them), and keeps its user while the app is locked.
 * Whenever the server confirms a session — sign-in, unlock, app start, the connection coming back
 * after an offline start — a pause for sign-in or unlock is lifted and the outbox sends again.
 */
export function bindOutboxToAuth(): void {
  if (isBound) {
    return;
  }
  isBound = true;
  onBeforeLogout(closeLocalWorkspace);
  let userId: string | null | undefined;
  let chain: Promise<unknown> = Promise.resolve();

  const apply = (next: AuthState, previous: AuthState | null) => {
    if (next.sessionLoading) {
      return;
    }
    // Locked: the user leaves memory (no personal data on the lock screen) but the outbox keeps them.
    const wanted = next.isLoggedIn ? (next.user?.id ?? (next.locked ? userId : null)) : null;
    const shouldResume = isConfirmed(next) && !isConfirmed(previous);
    if (wanted === undefined || (wanted === userId && !shouldResume)) {
      return;
    }
    const isNewUser = wanted !== userId;
    userId = wanted;
    chain = chain
      .then(async () => {
        if (isNewUser) {
          await outbox.start(wanted);
        }
        if (shouldResume) {
          await outbox.resume();
        }
      })
      .catch(() => undefined);
  };

  apply(authStore.getState(), null);
  authStore.subscribe(apply);
  // The server refused operations as another person's: the cookie is someone else's now; ask who.
  outbox.onAuthorMismatch(() => reportWrongUser());
}
