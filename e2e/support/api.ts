import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './demo';

/**
 * Seeding and signing in through the API, never the screens (docs/conventions.md): `page.request` shares the browser
 * context's cookie jar, so a session made here is the page's session.
 */
export interface Account {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  organizationName?: string;
}

let counter = 0;

/** An e-mail address no other test (or earlier run against the same database) has used. */
export function uniqueEmail(prefix = 'e2e'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 7)}@thera-e2e.example`;
}

/** A person's name that is easy to spot in page text (and to prove absent from it). */
export function uniqueName(base: string): string {
  return `${base}${Math.random().toString(36).slice(2, 6).replace(/\d/g, 'x')}`;
}

export async function signInByApi(page: Page, email: string, password: string = DEMO_PASSWORD): Promise<void> {
  const response = await page.request.post('/api/users/auth/login/', { data: { email, password } });
  expect(response.status(), `sign-in of ${email}`).toBe(200);
}

/** Registers an organization owner with a new clinic; the page's context is then signed in as them. */
export async function registerOwnerByApi(request: APIRequestContext, overrides: Partial<Account> = {}): Promise<Account> {
  const account: Account = {
    email: overrides.email ?? uniqueEmail('owner'),
    password: overrides.password ?? 'e2e long passphrase 1',
    firstName: overrides.firstName ?? uniqueName('Olivia'),
    lastName: overrides.lastName ?? uniqueName('Owner'),
    organizationName: overrides.organizationName ?? `E2E Clinic ${Math.random().toString(36).slice(2, 7)}`,
  };
  const response = await request.post('/api/users/auth/register/', {
    data: {
      email: account.email,
      password: account.password,
      first_name: account.firstName,
      last_name: account.lastName,
      user_type: 'ORG',
      organization: { name: account.organizationName, kind: 'clinic', timezone: 'Europe/Berlin' },
    },
  });
  expect(response.status(), `registration of ${account.email}`).toBe(201);
  return account;
}

export async function lockByApi(page: Page): Promise<void> {
  const response = await page.request.post('/api/users/auth/lock-account/');
  expect(response.ok(), 'lock-account').toBe(true);
}
