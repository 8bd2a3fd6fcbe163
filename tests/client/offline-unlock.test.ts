import { beforeEach, describe, expect, it } from 'vitest';
import { webcrypto } from 'node:crypto';
import { forgetVerifier, rememberVerifier, verifyOffline } from '../../src/shared/auth/offline-unlock';

// jsdom has no SubtleCrypto: use Node's WebCrypto, the same API the browser has.
if (!globalThis.crypto?.subtle) {
  Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
}

const user = {
  id: '0190a000-0000-7000-8000-000000000001',
  email: 'maya@example.com',
  user_type: 'THE' as const,
  first_name: 'Maya',
  last_name: 'Chen',
  phone_number: '',
  current_usage: null,
};

describe('offline unlock verifier', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('unlocks with the right password and gives the user back', async () => {
    await rememberVerifier(user, 'correct horse battery');
    expect(await verifyOffline('correct horse battery')).toEqual(user);
  });

  it('refuses a wrong password', async () => {
    await rememberVerifier(user, 'correct horse battery');
    expect(await verifyOffline('correct horse batterY')).toBeNull();
  });

  it('keeps neither the password nor readable personal data on the device', async () => {
    await rememberVerifier(user, 'correct horse battery');
    const stored = JSON.stringify({ ...localStorage });
    expect(stored).not.toContain('correct horse battery');
    expect(stored).not.toContain('Maya');
    expect(stored).not.toContain('maya@example.com');
  });

  it('has nothing to check after sign-out', async () => {
    await rememberVerifier(user, 'correct horse battery');
    forgetVerifier();
    expect(await verifyOffline('correct horse battery')).toBeNull();
  });
});
