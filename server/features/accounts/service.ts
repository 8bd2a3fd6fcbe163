import type { z } from 'zod';
import type { LoginBody, RegisterBody, SessionState } from '../../../contract/accounts';
import { LIMITS } from '../../../contract/limits';
import { AppError } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { DEMO_OFF_MESSAGE, isDemoAddress } from '../../lib/demo-accounts';
import { insertBuiltInRoles } from '../../db/built-in-roles';
import { giveTherapistCode } from '../../db/therapist-codes';
import { asOrganizationId, asUserId, newId, newOrganizationCode, type OrganizationId, type UserId } from '../../lib/ids';
import { COMMON_PASSWORD_MESSAGE, hashPassword, isCommonPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords';
import type { PublicContext, UserContext } from '../../lib/request-context';
import {
  deleteSession,
  findUserByEmail,
  findUserById,
  firstOrganizationOf,
  incrementFailedUnlocks,
  insertOrganization,
  insertUser,
  setSessionLock,
} from './repository';
import { stateOf, toUser } from './present';
import { createSession, userWithUsage } from './service-sessions';

export const EMAIL_EXISTS_MESSAGE = 'An account with this e-mail already exists.';
const INVALID_CREDENTIALS = 'Invalid email or password.';
const CODE_ATTEMPTS = 10;

/**
 * Registers a user; an ORG owner gets a new organization in the same transaction. Signs in (201),
 * ending the session the browser presented, if any, as a sign-in does.
 */
export async function register(ctx: PublicContext, body: z.output<typeof RegisterBody>): Promise<SessionState> {
  const { db } = ctx.database;
  const previousSessionId = ctx.session?.sessionId ?? null;
  const fieldErrors: Record<string, string[]> = {};
  if (await findUserByEmail(db, body.email)) {
    fieldErrors.email = [EMAIL_EXISTS_MESSAGE];
  }
  if (isCommonPassword(body.password)) {
    fieldErrors.password = [COMMON_PASSWORD_MESSAGE];
  }
  throwIfAny(fieldErrors);
  const passwordHash = await hashPassword(body.password);
  const userId = asUserId(newId());
  const created = await db.transaction(async (tx) => {
    const user = await insertUser(tx, {
      id: userId,
      email: body.email,
      passwordHash,
      userType: body.user_type,
      firstName: body.first_name,
      lastName: body.last_name,
      phoneNumber: body.phone_number,
    });
    if (!user) {
      // Someone registered the same e-mail between the check and the insert.
      throw new AppError('VALIDATION_FAILED', EMAIL_EXISTS_MESSAGE, { email: [EMAIL_EXISTS_MESSAGE] });
    }
    if (user.userType === 'THE') {
      await giveTherapistCode(tx, user.id);
    }
    let organizationId: OrganizationId | null = null;
    if (body.user_type === 'ORG' && body.organization) {
      organizationId = await createOrganization(tx, user.id, body.organization);
    }
    await audit(tx, { event: 'registered', userId: user.id, ip: ctx.client.ip, organizationId, detail: { user_type: user.userType } });
    if (previousSessionId) {
      await deleteSession(tx, previousSessionId);
    }
    const session = await createSession(ctx, tx, { userId: user.id, activeOrganizationId: organizationId });
    return { user, organizationId, session };
  });
  const { user, organizationId, session } = created;
  ctx.cookie.set(session.token, session.maxAgeSeconds);
  return stateOf(toUser(user, null), false, organizationId);
}

async function createOrganization(
  tx: Parameters<typeof insertOrganization>[0],
  ownerUserId: UserId,
  organization: NonNullable<z.output<typeof RegisterBody>['organization']>,
): Promise<OrganizationId> {
  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt += 1) {
    const row = await insertOrganization(tx, {
      id: asOrganizationId(newId()),
      code: newOrganizationCode(),
      name: organization.name,
      kind: organization.kind,
      timezone: organization.timezone,
      ownerUserId,
    });
    if (row) {
      // Its built-in roles ("Therapist", "Front desk"), which new members receive.
      await insertBuiltInRoles(tx, row.id);
      return row.id;
    }
  }
  throw new Error('Could not draw a free organization code');
}

/**
 * Signs in with a fresh session. The session whose cookie came with the request ends first, whether
 * or not the password is right: a device shows its sign-in form only after a sign-out, and a
 * sign-out that could not reach the server (offline) may still be waiting to be sent, so the form
 * itself finishes it and the old sign-in can never come back on that device.
 */
export async function login(ctx: PublicContext, body: z.output<typeof LoginBody>): Promise<SessionState> {
  const { db } = ctx.database;
  const previous = ctx.session;
  if (previous && (await deleteSession(db, previous.sessionId))) {
    await audit(db, { event: 'sign_out', userId: previous.user.id, ip: ctx.client.ip, detail: { reason: 'signed_in_again' } });
  }
  const user = await findUserByEmail(db, body.email);
  // Unknown e-mail and wrong password answer the same, after the same argon2 work.
  const valid = user ? await verifyPassword(user.passwordHash, body.password) : await verifyAgainstDummy(body.password);
  if (!user || !valid) {
    await audit(db, {
      event: 'sign_in_failed',
      userId: user?.id ?? null,
      ip: ctx.client.ip,
      detail: { reason: user ? 'wrong_password' : 'unknown_account' },
    });
    throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
  }
  if (!ctx.config.DEMO_SIGN_IN && isDemoAddress(user.email)) {
    await audit(db, { event: 'sign_in_failed', userId: user.id, ip: ctx.client.ip, detail: { reason: 'demo_off' } });
    throw new AppError('FORBIDDEN', DEMO_OFF_MESSAGE);
  }
  const organizationId = await firstOrganizationOf(db, user.id);
  const session = await createSession(ctx, db, { userId: user.id, activeOrganizationId: organizationId });
  await audit(db, { event: 'sign_in', userId: user.id, ip: ctx.client.ip, organizationId });
  const state = stateOf(await userWithUsage(ctx, user, organizationId), false, organizationId);
  ctx.cookie.set(session.token, session.maxAgeSeconds);
  return state;
}

/** Ends the presented session, if there is one; signing out always succeeds. */
export async function logout(ctx: PublicContext): Promise<{ ok: true }> {
  const auth = ctx.session;
  if (auth && (await deleteSession(ctx.database.db, auth.sessionId))) {
    await audit(ctx.database.db, { event: 'sign_out', userId: auth.user.id, ip: ctx.client.ip });
  }
  ctx.cookie.clear();
  return { ok: true };
}

export function currentState(ctx: UserContext): SessionState {
  return stateOf(ctx.session.user, ctx.session.locked, ctx.session.activeOrganizationId);
}

export async function lockAccount(ctx: UserContext): Promise<{ locked: true }> {
  await setSessionLock(ctx.database.db, ctx.session.sessionId, true);
  await audit(ctx.database.db, { event: 'account_locked', userId: ctx.actor, ip: ctx.client.ip });
  return { locked: true };
}

/**
 * Unlocks with the password. A wrong password is a 400 on the field (a 401 would sign the
 * client out); the 5th wrong one ends the session, clears its cookie and answers 401.
 */
export async function unlockAccount(ctx: UserContext, password: string): Promise<SessionState> {
  const { db } = ctx.database;
  const auth = ctx.session;
  const meta = ctx.client;
  if (!auth.locked) {
    return currentState(ctx);
  }
  const user = await findUserById(db, auth.user.id);
  if (user && (await verifyPassword(user.passwordHash, password))) {
    await setSessionLock(db, auth.sessionId, false);
    await audit(db, { event: 'account_unlocked', userId: auth.user.id, ip: meta.ip });
    return stateOf(auth.user, false, auth.activeOrganizationId);
  }
  const failures = await incrementFailedUnlocks(db, auth.sessionId);
  await audit(db, { event: 'unlock_failed', userId: auth.user.id, ip: meta.ip, detail: { attempt: failures } });
  if (failures >= LIMITS.wrongUnlocksBeforeSignOut) {
    await deleteSession(db, auth.sessionId);
    await audit(db, { event: 'session_ended_after_failed_unlocks', userId: auth.user.id, ip: meta.ip, detail: { attempts: failures } });
    ctx.cookie.clear();
    throw new AppError('SESSION_EXPIRED', 'Too many wrong passwords. Sign in again.');
  }
  const left = LIMITS.wrongUnlocksBeforeSignOut - failures;
  throw new AppError(
    'VALIDATION_FAILED',
    `Wrong password. ${left} ${left === 1 ? 'attempt' : 'attempts'} left before you are signed out.`,
    {
      password: ['Wrong password.'],
    },
  );
}

export function throwIfAny(fieldErrors: Record<string, string[]>): void {
  const first = Object.values(fieldErrors)[0]?.[0];
  if (first) {
    throw new AppError('VALIDATION_FAILED', first, fieldErrors);
  }
}
