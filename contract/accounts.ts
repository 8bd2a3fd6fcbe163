import { z } from 'zod';
import { atMost, phone, text } from './fields';
import { accounts as route } from './routes';
import { defineCall, Ok } from './http';
import { LIMITS } from './limits';

export const UserType = z.enum(['ORG', 'THE', 'STU', 'PAR'], 'Choose who you are from the list.');
export type UserType = z.infer<typeof UserType>;
export const OrganizationKind = z.enum(['clinic', 'school'], 'Choose a clinic or a school.');

// Trimmed and lower-cased first, then checked: " A@B.co " is the address a@b.co.
const Email = text()
  .trim()
  .toLowerCase()
  .pipe(z.email('Enter a valid e-mail address.').max(LIMITS.emailMax, atMost(LIMITS.emailMax)));
/** NIST 800-63B: length only, no composition rules; common passwords are refused by the server. */
export const Password = text()
  .min(LIMITS.passwordMin, `Use at least ${LIMITS.passwordMin} characters.`)
  .max(LIMITS.passwordMax, `Use at most ${LIMITS.passwordMax} characters.`);

/** The password the user has now, typed to sign in or to confirm a change: only its length is checked. */
const CurrentPassword = text().min(1, 'Required.').max(LIMITS.passwordMax, atMost(LIMITS.passwordMax));
const Name = text().trim().min(1, 'Required.').max(LIMITS.nameMax, atMost(LIMITS.nameMax));
/** An IANA time zone the runtime knows (e.g. Europe/Berlin); sessions are scheduled in it. */
export const TimeZone = text()
  .trim()
  .min(1, 'Choose a time zone.')
  .max(64, 'Choose a time zone from the list.')
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'Unknown time zone.');

export const User = z.object({
  id: z.uuid(),
  email: z.string(),
  user_type: UserType,
  first_name: z.string(),
  last_name: z.string(),
  phone_number: z.string(),
  current_usage: z.object({ id: z.uuid() }).nullable().describe('Open workspace usage, if any'),
});
export type User = z.infer<typeof User>;

export const SessionState = z.object({
  user: User.nullable().describe('Null while the session is locked: the lock screen shows no personal data'),
  locked: z.boolean(),
  active_organization_id: z.uuid().nullable(),
});
export type SessionState = z.infer<typeof SessionState>;

export const RegisterBody = z
  .object({
    email: Email,
    password: Password,
    first_name: Name,
    last_name: Name,
    phone_number: phone().default(''),
    user_type: UserType,
    organization: z
      .object({
        name: Name,
        kind: OrganizationKind,
        timezone: TimeZone.default('UTC'),
      })
      .optional()
      .describe('Required when user_type is ORG: the organization the owner creates'),
  })
  .superRefine((value, ctx) => {
    if (value.user_type === 'ORG' && !value.organization) {
      ctx.addIssue({ code: 'custom', path: ['organization'], message: 'An organization owner registers an organization.' });
    }
  });
export type RegisterBody = z.input<typeof RegisterBody>;

export const register = defineCall(route.register, {
  summary: 'Create an account (and, for ORG, its organization) and sign in',
  access: { kind: 'public' },
  body: RegisterBody,
  response: SessionState,
  status: 201,
});

export const LoginBody = z.object({
  email: Email,
  password: CurrentPassword,
});
export const login = defineCall(route.login, {
  summary: 'Sign in; rotates the session id',
  access: { kind: 'public' },
  body: LoginBody,
  response: SessionState,
});

export const logout = defineCall(route.logout, {
  summary: 'Sign out and end the server session',
  access: { kind: 'public' },
  response: Ok,
});

export const session = defineCall(route.session, {
  summary: 'The signed-in user, or 401',
  access: { kind: 'user' },
  response: SessionState,
});

export const ChangePasswordBody = z.object({
  old_password: CurrentPassword,
  new_password: Password,
});
export const changePassword = defineCall(route.changePassword, {
  summary: 'Change password; ends every other session of the user',
  access: { kind: 'user' },
  body: ChangePasswordBody,
  response: Ok,
});

export const ChangeEmailBody = z.object({
  new_email: Email,
  password: CurrentPassword,
});
export const changeEmail = defineCall(route.changeEmail, {
  summary: 'Change e-mail, confirmed with the current password',
  access: { kind: 'user' },
  body: ChangeEmailBody,
  response: User,
});

export const lockAccount = defineCall(route.lockAccount, {
  summary: 'Lock this session: every other call answers 423 until unlocked',
  access: { kind: 'user' },
  response: z.object({ locked: z.literal(true) }),
});

export const UnlockBody = z.object({ password: CurrentPassword });
export const unlockAccount = defineCall(route.unlockAccount, {
  summary: 'Unlock with the password; 5 wrong passwords end the session',
  access: { kind: 'user' },
  body: UnlockBody,
  response: SessionState,
});

export const ProfileBody = z.object({
  first_name: Name.optional(),
  last_name: Name.optional(),
  phone_number: phone().optional(),
});
export const updateProfile = defineCall(route.updateProfile, {
  summary: "The signed-in user's own name and phone (any user type); mirrored to the session user",
  access: { kind: 'user' },
  body: ProfileBody,
  response: User,
});
