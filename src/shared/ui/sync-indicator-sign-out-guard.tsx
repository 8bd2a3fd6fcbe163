/**
 * Before signing out while the outbox still holds unsent items (a therapist must not believe they are lost): say how many and that
 * they stay on this device, with this user, until they sign in again. Resolves true to go ahead.
 * The outbox and the alert are imported on demand so screens without them stay light.
 */
export async function confirmSignOut(): Promise<boolean> {
  const { outbox } = await import('../outbox/outbox');
  if (!(await outbox.hasUnsent())) {
    return true;
  }
  const status = await outbox.status();
  const count = Math.max(1, status.pending + status.attention.length);
  const { confirmAlert } = await import('./sync-indicator-alert');
  return confirmAlert({
    header: 'Sign out with unsent data?',
    message: `${count} ${count === 1 ? 'item is' : 'items are'} not sent yet. They stay on this device and will be sent when you sign in again.`,
    confirmText: 'Sign out anyway',
    isDestructive: true,
  });
}

/** The same check for components that prefer a hook-shaped call. */
export function useSignOutGuard(): () => Promise<boolean> {
  return confirmSignOut;
}
