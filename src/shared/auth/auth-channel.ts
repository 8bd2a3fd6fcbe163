/**
 * Sign-out and sign-in reach every tab of the app at once (BroadcastChannel 'thera-auth'; where a
 * browser has none, a storage event carries the same message). The service worker may post on the
 * channel too ('wrong-user'). A context never receives its own messages.
 */
export type AuthMessage = { type: 'signed-out' } | { type: 'signed-in'; userId: string } | { type: 'wrong-user' };

export const AUTH_CHANNEL = 'thera-auth';
/** The storage-event fallback: the message is written here and other tabs see the change. */
const STORAGE_KEY = 'thera.authEvent';

let channel: BroadcastChannel | null | undefined;
function getChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(AUTH_CHANNEL);
  }
  return channel;
}

function isAuthMessage(value: unknown): value is AuthMessage {
  if (typeof value !== 'object' || value === null) {
    return false;
  }
  const message = value as { type?: unknown; userId?: unknown };
  return (
    message.type === 'signed-out' || message.type === 'wrong-user' || (message.type === 'signed-in' && typeof message.userId === 'string')
  );
}

export function announce(message: AuthMessage): void {
  const target = getChannel();
  if (target) {
    target.postMessage(message);
    return;
  }
  try {
    // A fresh value every time, so the same message twice still fires the event.
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ ...message, at: `${Date.now()}-${Math.random()}` }));
  } catch {
    // no storage: other tabs learn it at their next session check
  }
}

export function onAuthMessage(listener: (message: AuthMessage) => void): () => void {
  const target = getChannel();
  if (target) {
    const onMessage = (event: MessageEvent) => isAuthMessage(event.data) && listener(event.data);
    target.addEventListener('message', onMessage);
    return () => target.removeEventListener('message', onMessage);
  }
  if (typeof window === 'undefined') {
    return () => undefined;
  }
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEY || !event.newValue) {
      return;
    }
    try {
      const message: unknown = JSON.parse(event.newValue);
      if (isAuthMessage(message)) {
        listener(message);
      }
    } catch {
      // not ours
    }
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

/** Tests: forget the channel (a test may stub BroadcastChannel away). */
export function resetAuthChannelForTests(): void {
  channel?.close();
  channel = undefined;
}
