import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../src/shared/api/client';
import { organizations } from '../../contract/routes';
import { logout, mirrorProfile, restoreSession } from '../../src/shared/auth/auth-actions';
import { login } from '../../src/shared/auth/sign-in-actions';
import { SESSION_SNAPSHOT_KEY, authReducer, authStore, initialAuthState } from '../../src/shared/auth/auth-store';
import { setOfflineNavigator } from '../../src/shared/offline/offline-redirect';

const fetchMock = vi.fn<typeof fetch>();
const USAGE_ID = '0190f5a2-7c1e-7000-8000-0000000000aa';
const user = (overrides: Record<string, unknown> = {}) => ({
  id: '0190f5a2-7c1e-7000-8000-000000000001',
  email: 'owner@example.com',
  user_type: 'ORG' as const,
  first_name: 'Ada',
  last_name: 'Owner',
  phone_number: '+1 555 0100',
  current_usage: null,
  ...overrides,
});
const sessionOf = (u: ReturnType<typeof user> | null, locked = false) => ({ user: u, locked, active_organization_id: null });
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  localStorage.clear();
  authStore.reset();
  setOfflineNavigator(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  setOfflineNavigator(null);
});

describe('auth state', () => {
  it('loginStart, then success signs in with the user', () => {
    const started = authReducer({ ...initialAuthState, sessionLoading: false }, { type: 'loginStart' });
    expect(started).toMatchObject({ loading: true, error: null });
    const done = authReducer(started, { type: 'loginSuccess', session: sessionOf(user()) });
    expect(done).toMatchObject({ isLoggedIn: true, loading: false, user: { first_name: 'Ada' } });
  });

  it('a failed sign-in clears the user and keeps the error text', () => {
    const state = authReducer({ ...initialAuthState, user: user(), isLoggedIn: true }, { type: 'loginFailure', error: 'Login failed.' });
    expect(state).toMatchObject({ user: null, isLoggedIn: false, error: 'Login failed.', loading: false });
  });

  it('locking drops every piece of personal data from the state', () => {
    const signedIn = authReducer(initialAuthState, { type: 'loginSuccess', session: sessionOf(user({ current_usage: { id: USAGE_ID } })) });
    const locked = authReducer(signedIn, { type: 'locked' });
    expect(locked.user).toBeNull();
    expect(locked.locked).toBe(true);
    expect(locked.isLoggedIn).toBe(true);
    expect(JSON.stringify(locked)).not.toContain('Ada');
    expect(JSON.stringify(locked)).not.toContain('owner@example.com');
  });

  it('restores the session on load with GET session/', async () => {
    fetchMock.mockResolvedValue(json(200, sessionOf(user())));
    await restoreSession();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/users/auth/session/');
    expect(authStore.getState()).toMatchObject({ isLoggedIn: true, sessionLoading: false, source: 'server' });
  });

  it('a missing session on load leaves the user signed out', async () => {
    fetchMock.mockResolvedValue(json(401, { detail: 'Please sign in.', code: 'NOT_SIGNED_IN' }));
    await restoreSession();
    expect(authStore.getState()).toMatchObject({ isLoggedIn: false, sessionLoading: false, sessionExpired: false });
  });

  it('offline on load, the last session known on this device stands in', async () => {
    localStorage.setItem(SESSION_SNAPSHOT_KEY, JSON.stringify(sessionOf(user())));
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await restoreSession();
    expect(authStore.getState()).toMatchObject({ isLoggedIn: true, source: 'cache', user: { first_name: 'Ada' } });
  });

  it('offline on load, a kept session of the wrong shape is not trusted', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    for (const kept of [
      sessionOf(user({ user_type: 'ADMIN' })),
      sessionOf(user({ last_name: undefined })),
      { ...sessionOf(user()), locked: 'no' },
      [sessionOf(user())],
    ]) {
      authStore.reset();
      localStorage.setItem(SESSION_SNAPSHOT_KEY, JSON.stringify(kept));
      await restoreSession();
      expect(authStore.getState()).toMatchObject({ isLoggedIn: false, sessionLoading: false });
    }
  });

  it('a 401 from any call signs the user out', async () => {
    fetchMock.mockResolvedValueOnce(json(200, sessionOf(user())));
    await login({ email: 'owner@example.com', password: 'correct horse' });
    expect(authStore.getState().isLoggedIn).toBe(true);
    fetchMock.mockResolvedValueOnce(json(401, { detail: 'Your session has expired.', code: 'SESSION_EXPIRED' }));
    await api(organizations.listOrganizations).catch(() => undefined);
    expect(authStore.getState()).toMatchObject({ isLoggedIn: false, user: null, sessionExpired: true });
    expect(localStorage.getItem(SESSION_SNAPSHOT_KEY)).toBeNull();
  });

  it("ends the open workspace usage with 'User logged out' before the logout call", async () => {
    fetchMock.mockResolvedValueOnce(json(200, sessionOf(user({ current_usage: { id: USAGE_ID } }))));
    await login({ email: 'owner@example.com', password: 'correct horse' });
    fetchMock.mockResolvedValueOnce(
      json(200, { id: USAGE_ID, membership_id: USAGE_ID, opened_at: '', closed_at: '', notes: 'User logged out' }),
    );
    fetchMock.mockResolvedValueOnce(json(200, { ok: true }));
    await logout();
    const [closeUrl, closeInit] = fetchMock.mock.calls[1]!;
    expect(closeUrl).toBe(`/api/tenant-management/organization/workspace/close/${USAGE_ID}/`);
    expect(closeInit?.method).toBe('PATCH');
    expect(JSON.parse(String(closeInit?.body))).toMatchObject({ notes: 'User logged out' });
    expect(fetchMock.mock.calls[2]![0]).toBe('/api/users/auth/logout/');
    expect(authStore.getState().isLoggedIn).toBe(false);
  });

  it('signs out even when ending the workspace usage fails', async () => {
    fetchMock.mockResolvedValueOnce(json(200, sessionOf(user({ current_usage: { id: USAGE_ID } }))));
    await login({ email: 'owner@example.com', password: 'correct horse' });
    fetchMock.mockResolvedValueOnce(json(500, { detail: 'Internal error.', code: 'INTERNAL' }));
    fetchMock.mockResolvedValueOnce(json(200, { ok: true }));
    await logout();
    expect(fetchMock.mock.calls[2]![0]).toBe('/api/users/auth/logout/');
    expect(authStore.getState()).toMatchObject({ isLoggedIn: false, sessionExpired: false });
  });

  it('mirrors profile names to the session user, and the phone only for owners', async () => {
    fetchMock.mockResolvedValueOnce(json(200, sessionOf(user())));
    await login({ email: 'owner@example.com', password: 'correct horse' });
    mirrorProfile({ first_name: 'Grace', last_name: 'Hopper', phone_number: '+1 555 0199' });
    expect(authStore.getState().user).toMatchObject({ first_name: 'Grace', last_name: 'Hopper', phone_number: '+1 555 0199' });

    authStore.reset();
    fetchMock.mockResolvedValueOnce(json(200, sessionOf(user({ user_type: 'THE' }))));
    await login({ email: 'owner@example.com', password: 'correct horse' });
    mirrorProfile({ first_name: 'Tess', last_name: 'Ther', phone_number: '+1 555 0000' });
    expect(authStore.getState().user).toMatchObject({ first_name: 'Tess', last_name: 'Ther', phone_number: '+1 555 0100' });
  });
});
