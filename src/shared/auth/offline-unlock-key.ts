/** Where the offline-unlock verifier is kept (offline-unlock.ts writes and checks it). */
export const UNLOCK_VERIFIER_KEY = 'thera.unlockVerifier';

/** Drops the verifier: after a sign-out nobody unlocks this device offline as the person who left. */
export function forgetVerifier(): void {
  try {
    localStorage.removeItem(UNLOCK_VERIFIER_KEY);
  } catch {
    // storage denied: there is nothing kept to forget
  }
}
