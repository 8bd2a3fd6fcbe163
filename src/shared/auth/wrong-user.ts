/**
 * The outbox's signal that the server refused operations as another person's (AUTHOR_MISMATCH): the
 * cookie now belongs to someone else than the app believes, so the app asks the server who is
 * signed in (auth-actions.ts listens; a pending sign-out is finished first). The outbox calls
 * `reportWrongUser()`; the service worker, which can't call into a page, posts
 * `{ type: 'wrong-user' }` on the BroadcastChannel 'thera-auth' instead.
 */
const listeners = new Set<() => void>();

export function onWrongUser(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function reportWrongUser(): void {
  listeners.forEach((listener) => listener());
}
