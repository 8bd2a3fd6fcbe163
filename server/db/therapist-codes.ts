import { and, eq, isNull, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { newOrganizationCode } from '../lib/ids';
import type { UserId } from '../lib/ids';
import type { Db } from './handles';
import { users } from './schema/accounts';

/**
 * Every therapist has a short code to hand to an organization that wants to invite them. It uses the
 * organization codes' alphabet (no 0/O, 1/I/L: it is read aloud and typed) and is two characters
 * longer, there being far more therapists than organizations.
 */
export const THERAPIST_CODE_LENGTH = 8;
const ATTEMPTS = 10;

const taken = alias(users, 'taken');

/**
 * Gives a therapist without a code one, trying fresh codes while one is taken (the statement skips a
 * code another user holds, so a collision never aborts the caller's transaction). Answers the code.
 */
export async function giveTherapistCode(db: Db, userId: UserId): Promise<string | null> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const code = newOrganizationCode(THERAPIST_CODE_LENGTH);
    const [row] = await db
      .update(users)
      .set({ therapistCode: code })
      .where(
        and(
          eq(users.id, userId),
          eq(users.userType, 'THE'),
          isNull(users.therapistCode),
          notExists(
            db
              .select({ one: sql`1` })
              .from(taken)
              .where(eq(taken.therapistCode, code)),
          ),
        ),
      )
      .returning({ code: users.therapistCode });
    if (row) {
      return row.code;
    }
    const [current] = await db.select({ code: users.therapistCode, type: users.userType }).from(users).where(eq(users.id, userId));
    if (!current || current.type !== 'THE' || current.code) {
      return current?.code ?? null;
    }
  }
  throw new Error('Could not find a free therapist code.');
}

/**
 * Therapists registered before codes existed get theirs at start-up (owner connection, after the
 * migrations): idempotent, and a single empty read once done.
 */
export async function backfillTherapistCodes(db: Db): Promise<void> {
  const missing = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.userType, 'THE'), isNull(users.therapistCode)));
  for (const user of missing) {
    await giveTherapistCode(db, user.id);
  }
}
