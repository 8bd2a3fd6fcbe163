import type { z } from 'zod';
import type { ChangeEmailBody, ChangePasswordBody, ProfileBody, User } from '../../../contract/accounts';
import { AppError } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { COMMON_PASSWORD_MESSAGE, hashPassword, isCommonPassword, verifyPassword } from '../../lib/passwords';
import type { UserContext } from '../../lib/request-context';
import { deleteOtherSessions, deleteSession, findSession, findUserByEmail, findUserById, updateUser, type UserRow } from './repository';
import { brokenUniqueConstraint } from '../../lib/db-errors';
import { EMAIL_EXISTS_MESSAGE, throwIfAny } from './service';
import { createSession, userWithUsage } from './service-sessions';
import { NAME_AND_PHONE, patchOf } from '../../lib/row-patch';

const WRONG_PASSWORD = 'The password is wrong.';

async function currentUser(ctx: UserContext): Promise<UserRow> {
  const user = await findUserById(ctx.database.db, ctx.actor);
  if (!user) {
    throw new AppError('NOT_SIGNED_IN', 'You are not signed in.');
  }
  return user;
}

/**
 * The signed-in user, once the password typed in `field` is theirs. A wrong one is a field error,
 * not a 401: a 401 would sign the client out.
 */
async function userConfirmedBy(ctx: UserContext, password: string, field: string): Promise<UserRow> {
  const user = await currentUser(ctx);
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw new AppError('VALIDATION_FAILED', WRONG_PASSWORD, { [field]: [WRONG_PASSWORD] });
  }
  return user;
}

/**
 * Changes the password after checking the old one. Every other session of the user ends and the
 * current one is rotated (a new token, the same absolute expiry), its cookie set once committed.
 */
export async function changePassword(ctx: UserContext, body: z.output<typeof ChangePasswordBody>): Promise<{ ok: true }> {
  const auth = ctx.session;
  const user = await userConfirmedBy(ctx, body.old_password, 'old_password');
  throwIfAny(isCommonPassword(body.new_password) ? { new_password: [COMMON_PASSWORD_MESSAGE] } : {});
  const passwordHash = await hashPassword(body.new_password);
  const current = await findSession(ctx.database.db, auth.sessionId);
  const rotated = await ctx.database.db.transaction(async (tx) => {
    await updateUser(tx, user.id, { passwordHash });
    const ended = await deleteOtherSessions(tx, user.id, auth.sessionId);
    await deleteSession(tx, auth.sessionId);
    const session = await createSession(ctx, tx, {
      userId: user.id,
      activeOrganizationId: auth.activeOrganizationId,
      ...(current ? { expiresAt: current.expiresAt } : {}),
    });
    await audit(tx, { event: 'password_changed', userId: user.id, ip: ctx.client.ip, detail: { other_sessions_ended: ended } });
    return session;
  });
  ctx.cookie.set(rotated.token, rotated.maxAgeSeconds);
  return { ok: true };
}

/** Changes the e-mail, confirmed with the current password; a taken address is a 409. */
export async function changeEmail(ctx: UserContext, body: z.output<typeof ChangeEmailBody>): Promise<User> {
  const { db } = ctx.database;
  const auth = ctx.session;
  const user = await userConfirmedBy(ctx, body.password, 'password');
  if (body.new_email === user.email) {
    return auth.user;
  }
  const taken = () => new AppError('EMAIL_TAKEN', EMAIL_EXISTS_MESSAGE, { new_email: [EMAIL_EXISTS_MESSAGE] });
  if (await findUserByEmail(db, body.new_email)) {
    throw taken();
  }
  let updated: UserRow | null;
  try {
    updated = await updateUser(db, user.id, { email: body.new_email });
  } catch (error) {
    if (brokenUniqueConstraint(error) === 'users_email_unique') {
      throw taken(); // taken between the check and the update
    }
    throw error;
  }
  await audit(db, { event: 'email_changed', userId: user.id, ip: ctx.client.ip });
  return { ...auth.user, email: updated?.email ?? body.new_email };
}

/** The signed-in user's own name and phone; the session user reads the same row. */
export async function updateProfile(ctx: UserContext, body: z.output<typeof ProfileBody>): Promise<User> {
  const patch = patchOf(body, NAME_AND_PHONE);
  const row = Object.keys(patch).length > 0 ? await updateUser(ctx.database.db, ctx.actor, patch) : await currentUser(ctx);
  if (!row) {
    throw new AppError('NOT_SIGNED_IN', 'You are not signed in.');
  }
  return userWithUsage(ctx, row, ctx.session.activeOrganizationId);
}
