import type { z } from 'zod';
import type { LoginBody, RegisterBody, SessionState } from '../../../contract/accounts';
import { LIMITS } from '../../../contract/limits';
import { AppError } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { insertBuiltInRoles } from '../../db/built-in-roles';
import { asOrganizationId, asUserId, newId, newOrganizationCode, type OrganizationId, type UserId } from '../../lib/ids';
import { COMMON_PASSWORD_MESSAGE, hashPassword, isCommonPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords';
import type { SignedIn } from '../../plugins/auth';
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
import { createSession, stateOf, toUser, userWithUsage, type IssuedSession, type RequestMeta, type ServiceDeps } from './sessions';

export const EMAIL_EXISTS_MESSAGE = 'An account with this e-mail already exists.';
const INVALID_CREDENTIALS = 'Invalid email or password.';
const CODE_ATTEMPTS = 10;

/**
 * Registers a user; an ORG owner gets a new organization in the same transaction. Signs in (201),
 * ending the session the browser presented, if any, as a sign-in does.
 */
export async function register(
  deps: ServiceDeps,
  body: z.output<typeof RegisterBody>,
  meta: RequestMeta,
  previousSessionId: string | null = null,
): Promise<IssuedSession> {
  const { db } = deps.database;
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
    let organizationId: OrganizationId | null = null;
    if (body.user_type === 'ORG' && body.organization) {
      organizationId = await createOrganization(tx, user.id, body.organization);
    }
    await audit(tx, { event: 'registered', userId: user.id, ip: meta.ip, organizationId, detail: { user_type: user.userType } });
    if (previousSessionId) {
      await deleteSession(tx, previousSessionId);
    }
    const session = await createSession(tx, deps.config, { userId: user.id, activeOrganizationId: organizationId, meta });
    return { user, organizationId, session };
  });
  const { user, organizationId, session } = created;
  return { token: session.token, maxAgeSeconds: session.maxAgeSeconds, state: stateOf(toUser(user, null), false, organizationId) };
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
export async function login(
  deps: ServiceDeps,
  body: z.output<typeof LoginBody>,
  meta: RequestMeta,
  previous: SignedIn | null,
): Promise<IssuedSession> {
  const { db } = deps.database;
  if (previous && (await deleteSession(db, previous.sessionId))) {
    await audit(db, { event: 'sign_out', userId: previous.user.id, ip: meta.ip, detail: { reason: 'signed_in_again' } });
  }
  const user = await findUserByEmail(db, body.email);
  // Unknown e-mail and wrong password answer the same, after the same argon2 work.
  const valid = user ? await verifyPassword(user.passwordHash, body.password) : await verifyAgainstDummy(body.password);
  if (!user || !valid) {
    await audit(db, {
      event: 'sign_in_failed',
      userId: user?.id ?? null,
      ip: meta.ip,
      detail: { reason: user ? 'wrong_password' : 'unknown_account' },
    });
    throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
  }
  const organizationId = await firstOrganizationOf(db, user.id);
  const session = await createSession(db, deps.config, { userId: user.id, activeOrganizationId: organizationId, meta });
  await audit(db, { event: 'sign_in', userId: user.id, ip: meta.ip, organizationId });
  const state = stateOf(await userWithUsage(deps.database, user, organizationId), false, organizationId);
  return { token: session.token, maxAgeSeconds: session.maxAgeSeconds, state };
}

/** Ends the presented session, if there is one; signing out always succeeds. */
export async function logout(deps: ServiceDeps, auth: SignedIn | null, meta: RequestMeta): Promise<void> {
  if (!auth) {
    return;
  }
  const ended = await deleteSession(deps.database.db, auth.sessionId);
  if (ended) {
    await audit(deps.database.db, { event: 'sign_out', userId: auth.user.id, ip: meta.ip });
  }
}

export const currentState = (auth: SignedIn): SessionState => stateOf(auth.user, auth.locked, auth.activeOrganizationId);

export async function lockAccount(deps: ServiceDeps, auth: SignedIn, meta: RequestMeta): Promise<void> {
  await setSessionLock(deps.database.db, auth.sessionId, true);
  await audit(deps.database.db, { event: 'account_locked', userId: auth.user.id, ip: meta.ip });
}

/**
 * Unlocks with the password. A wrong password is a 400 on the field (a 401 would sign the
 * client out); the 5th wrong one ends the session and answers 'session_ended'.
 */
export async function unlockAccount(
  deps: ServiceDeps,
  auth: SignedIn,
  password: string,
  meta: RequestMeta,
): Promise<SessionState | 'session_ended'> {
  const { db } = deps.database;
  if (!auth.locked) {
    return currentState(auth);
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
    return 'session_ended';
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
