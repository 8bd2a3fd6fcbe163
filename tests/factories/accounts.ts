import crypto from 'node:crypto';
import { asOrganizationId, asUserId, type MembershipId, type OrganizationId, type UserId } from '../../server/lib/ids';
import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { RegisterBody, type UserType } from '../../contract/accounts';
import { register } from '../../server/features/accounts/service';
import { deleteSession } from '../../server/features/accounts/repository';
import { addMembership } from '../../server/features/memberships/service-admin';
import { systemUserContext } from '../../server/lib/request-context';
import { asOwner } from '../helpers/system-context';
import { hashToken, SESSION_COOKIE } from '../../server/lib/access';
import { organizations } from '../../server/db/schema/organizations';
import type { TestApp } from '../helpers/test-app';

/** Long, uncommon and accepted by registration. */
export const TEST_PASSWORD = 'quiet-harbor-lantern-42';

let counter = 0;
export const uniqueEmail = (prefix = 'user') =>
  `${prefix.toLowerCase()}-${++counter}-${crypto.randomBytes(3).toString('hex')}@example.test`;

export interface TestUser {
  id: UserId;
  email: string;
  password: string;
  userType: UserType;
  /** The owned organization (ORG users), else null. */
  organizationId: OrganizationId | null;
  organizationCode: string | null;
}

export interface SignedInUser extends TestUser {
  /** `thera_sid=…`, ready for a Cookie header. */
  cookie: string;
}

/** Creates a user through the registration service (ORG users with their organization). */
export async function createUser(
  t: TestApp,
  input: { userType?: UserType; email?: string; password?: string; organizationName?: string; firstName?: string } = {},
): Promise<TestUser> {
  const userType = input.userType ?? 'THE';
  const email = input.email ?? uniqueEmail(userType.toLowerCase());
  const password = input.password ?? TEST_PASSWORD;
  const body = RegisterBody.parse({
    email,
    password,
    first_name: input.firstName ?? 'Test',
    last_name: `${userType} user`,
    user_type: userType,
    ...(userType === 'ORG'
      ? { organization: { name: input.organizationName ?? `Org ${email}`, kind: 'clinic', timezone: 'Europe/Berlin' } }
      : {}),
  });
  const ctx = systemUserContext(t, { session: null, client: { ip: '127.0.0.1', userAgent: 'factory' } });
  const state = await register(ctx, body);
  // Registration signs in; factories sign in again through HTTP, so that session is ended here.
  await deleteSession(t.database.db, hashToken(ctx.cookie.token!));
  // The answer carries the contract's plain ids: name their kind once, here.
  const activeId = state.active_organization_id;
  const organizationId = activeId ? asOrganizationId(activeId) : null;
  let organizationCode: string | null = null;
  if (organizationId) {
    const rows = await t.database.db.select({ code: organizations.code }).from(organizations).where(eq(organizations.id, organizationId));
    organizationCode = rows[0]?.code ?? null;
  }
  return { id: asUserId(state.user!.id), email, password, userType, organizationId, organizationCode };
}

export function sessionCookie(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie?.value) {
    throw new Error(`No session cookie in the response (${res.statusCode} ${res.body})`);
  }
  return `${SESSION_COOKIE}=${cookie.value}`;
}

/** Signs in through the API and returns the cookie. */
export async function signIn(t: TestApp, email: string, password = TEST_PASSWORD): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/users/auth/login/', payload: { email, password } });
  if (res.statusCode !== 200) {
    throw new Error(`Sign-in failed: ${res.statusCode} ${res.body}`);
  }
  return sessionCookie(res);
}

/** An organization owner with a new organization, signed in. */
export async function createOwner(t: TestApp, input: { organizationName?: string } = {}): Promise<SignedInUser> {
  const user = await createUser(t, { userType: 'ORG', ...input });
  return { ...user, cookie: await signIn(t, user.email, user.password) };
}

/** A therapist (or staff member) with an active membership in the organization, signed in. */
export async function createMember(
  t: TestApp,
  organizationId: OrganizationId,
  role: 'therapist' | 'staff' = 'therapist',
): Promise<SignedInUser & { membershipId: MembershipId }> {
  const user = await createUser(t, { userType: 'THE' });
  const membership = await asOwner(t.database, organizationId, (ctx) => addMembership(ctx, { userId: user.id, role }));
  return { ...user, membershipId: membership.id, cookie: await signIn(t, user.email, user.password) };
}

/** Any user type, signed in, with no organization. */
export async function createSignedInUser(t: TestApp, userType: UserType = 'PAR'): Promise<SignedInUser> {
  const user = await createUser(t, { userType });
  return { ...user, cookie: await signIn(t, user.email, user.password) };
}
