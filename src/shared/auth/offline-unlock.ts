import type { User } from '../../../contract/accounts';
import { checked } from '../db/checks';
import { isUser } from './auth-store';
import { UNLOCK_VERIFIER_KEY as KEY } from './offline-unlock-key';

// Forgetting is separate (offline-unlock-key.ts): signing out needs it at once, the derivation here only its screens.
export { forgetVerifier } from './offline-unlock-key';

/**
 * Unlocking without a connection (a tablet is locked between sessions, often with no network).
 * At sign-in and at every online unlock, while the
 * password is in hand, PBKDF2 (WebCrypto, SHA-256) derives 512 bits from it with a random salt: the
 * first half is kept as a verifier, the second half is an AES-GCM key that encrypts a copy of the
 * user, so the device holds neither the password nor, while locked, readable personal data.
 * Offline, the unlock form derives the same bits from what was typed: a matching verifier unlocks
 * and the key decrypts the user back. The password itself is never stored.
 */
export const PBKDF2_ITERATIONS = 310_000; // OWASP's figure for PBKDF2-HMAC-SHA256 (2021)

interface Stored {
  userId: string;
  salt: string;
  iterations: number;
  verifier: string;
  iv: string;
  user: string;
}

const b64 = (bytes: ArrayBuffer | Uint8Array) => btoa(String.fromCharCode(...new Uint8Array(bytes)));
const unb64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

async function derive(password: string, salt: Uint8Array, iterations: number) {
  const material = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveBits']);
  const bits = new Uint8Array(
    await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations }, material, 512),
  );
  const key = await crypto.subtle.importKey('raw', bits.slice(32), 'AES-GCM', false, ['encrypt', 'decrypt']);
  return { verifier: bits.slice(0, 32), key };
}

/** Same length, every byte compared: no early exit to time. */
function equal(a: Uint8Array, b: Uint8Array): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    diff |= (a[i] as number) ^ (b[i] as number);
  }
  return diff === 0;
}

export async function rememberVerifier(user: User, password: string): Promise<void> {
  if (!globalThis.crypto?.subtle) {
    return; // no WebCrypto (insecure context): offline unlock is simply unavailable
  }
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const { verifier, key } = await derive(password, salt, PBKDF2_ITERATIONS);
  const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(JSON.stringify(user)));
  const stored: Stored = {
    userId: user.id,
    salt: b64(salt),
    iterations: PBKDF2_ITERATIONS,
    verifier: b64(verifier),
    iv: b64(iv),
    user: b64(sealed),
  };
  try {
    localStorage.setItem(KEY, JSON.stringify(stored));
  } catch {
    // storage full or denied: offline unlock unavailable, online unlock still works
  }
}

/** The user, if `password` matches the verifier kept at the last sign-in or unlock; else null. */
export async function verifyOffline(password: string): Promise<User | null> {
  let stored: Stored;
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw || !globalThis.crypto?.subtle) {
      return null;
    }
    stored = JSON.parse(raw) as Stored;
  } catch {
    return null;
  }
  const { verifier, key } = await derive(password, unb64(stored.salt), stored.iterations);
  if (!equal(verifier, unb64(stored.verifier))) {
    return null;
  }
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: unb64(stored.iv) as BufferSource },
      key,
      unb64(stored.user) as BufferSource,
    );
    return checked(JSON.parse(new TextDecoder().decode(plain)), isUser);
  } catch {
    return null;
  }
}

export function hasVerifier(): boolean {
  try {
    return localStorage.getItem(KEY) !== null;
  } catch {
    return false;
  }
}
