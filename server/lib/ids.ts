import { randomInt } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';

/** Row ids: UUID v7, time-ordered for index locality (design.md "API conventions"). */
export const newId = (): string => uuidv7();

// No 0/O, 1/I/L: codes are read aloud and typed by parents (spec §3 "organization_code").
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const ORG_CODE_LENGTH = 6;

/** A short human organization code, e.g. `K7RM2Q`; callers retry on the rare collision. */
export function newOrganizationCode(length = ORG_CODE_LENGTH): string {
  let code = '';
  for (let i = 0; i < length; i += 1) {
    code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  }
  return code;
}
