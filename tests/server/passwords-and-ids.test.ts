import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { commonPasswords, hashPassword, isCommonPassword, verifyAgainstDummy, verifyPassword } from '../../server/lib/passwords';
import { newId, newOrganizationCode } from '../../server/lib/ids';
import { TEST_PASSWORD } from '../factories/accounts';

describe('common passwords', () => {
  it('ships 1,000 distinct, trimmed, lower-case entries', () => {
    const lines = fs
      .readFileSync(new URL('../../server/lib/common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter((l) => l !== '');
    expect(lines).toHaveLength(1000);
    expect(new Set(lines).size).toBe(1000);
    expect(lines.every((l) => l === l.trim().toLowerCase())).toBe(true);
    expect(commonPasswords().size).toBe(1000);
  });

  it('refuses the well-known ones in any letter case and accepts a long uncommon one', () => {
    for (const password of ['password', '12345678', 'QWERTY123', 'iloveyou', 'Password1', 'football', '1q2w3e4r5t']) {
      expect(isCommonPassword(password)).toBe(true);
    }
    expect(isCommonPassword(TEST_PASSWORD)).toBe(false);
    expect(isCommonPassword('correct horse battery staple')).toBe(false);
  });
});

describe('password hashing', () => {
  it('uses argon2id with m=19456 KiB, t=2, p=1 and a random salt', async () => {
    const [a, b] = await Promise.all([hashPassword(TEST_PASSWORD), hashPassword(TEST_PASSWORD)]);
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword(a, TEST_PASSWORD)).toBe(true);
    expect(await verifyPassword(a, `${TEST_PASSWORD}x`)).toBe(false);
  });

  it('never accepts a malformed stored hash, and the dummy check always fails', async () => {
    expect(await verifyPassword('not-a-hash', 'anything')).toBe(false);
    expect(await verifyAgainstDummy('thera-dummy-password-never-valid')).toBe(false);
  });
});

describe('ids', () => {
  it('makes time-ordered UUID v7 ids', async () => {
    const first = newId();
    await new Promise((resolve) => setTimeout(resolve, 2));
    const second = newId();
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(second > first).toBe(true);
  });

  it('makes short organization codes without look-alike characters', () => {
    const codes = Array.from({ length: 500 }, () => newOrganizationCode());
    for (const code of codes) {
      expect(code).toMatch(/^[A-HJKMNP-Z2-9]{6}$/);
    }
    expect(new Set(codes).size).toBeGreaterThan(495);
  });
});
