import fs from 'node:fs';
import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';

/** argon2id at the OWASP floor: m=19456 KiB, t=2, p=1. */
export const ARGON2_OPTIONS: Options = {
  // `Algorithm` is a const enum, which isolatedModules can't read; 2 is Argon2id.
  algorithm: 2 as Algorithm,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2_OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // a malformed stored hash never signs anyone in
  }
}

let dummyHash: Promise<string> | undefined;
/** Computes the dummy hash ahead, so even the first unknown e-mail costs one verify, not a hash too. */
export function warmUpDummyHash(): Promise<string> {
  dummyHash ??= hashPassword('thera-dummy-password-never-valid');
  return dummyHash;
}

/**
 * Burns the same argon2 work as a real check, so an unknown e-mail answers as slowly as a wrong
 * password and response times don't reveal which accounts exist.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  await verifyPassword(await warmUpDummyHash(), password);
  return false;
}

let common: ReadonlySet<string> | undefined;
/** The 1,000 most common passwords (server/lib/common-passwords.txt), lower-cased. */
export function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(
    fs
      .readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter((line) => line !== ''),
  );
  return common;
}

/** NIST 800-63B: no composition rules, but refuse passwords on a known-breached/common list. */
export const isCommonPassword = (password: string): boolean => commonPasswords().has(password.trim().toLowerCase());

export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Choose another.';
