import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logout, refreshSession, restoreSession, revalidateSession } from '../../src/shared/auth/auth-actions';
import { login } from '../../src/shared/auth/sign-in-actions';
import { SESSION_SNAPSHOT_KEY, authStore } from '../../src/shared/auth/auth-store';
import { AUTH_CHANNEL } from '../../src/shared/auth/auth-channel';
import { isLogoutPending } from '../../src/shared/auth/pending-logout';
import { reportWrongUser } from '../../src/shared/auth/wrong-user';
import { getDb } from '../../src/shared/db/db';
import { setOfflineNavigator } from '../../src/shared/offline/offline-redirect';

/**
 * A sign-out made without a connection must win: nothing the app does afterwards (the connection
 * returning, a reload, another tab) may ask the server for the session with the old cookie before
 * the logout call went through, and nothing on the device may sign that person back in.
 */
const fetchMock = vi.fn<typeof fetch>();
const LOGOUT = '/api/users/auth/logout/';
const SESSION = '/api/users/auth/session/';
const userA = {
  id: '0190f5a2-7c1e-7000-8000-0000000000a1',
  email: 'a@example.com',
  user_type: 'THE' as const,
  first_name: 'Avery',
  last_name: 'A',
  phone_number: '',
  current_usage: null,
};
const userB = { ...userA, id: '0190f5a2-7c1e-7000-8000-0000000000b2', email: 'b@example.com', first_name: 'Blake' };
const sessionOf = (user: typeof userA | null) => ({ user, locked: false, active_organization_id: null });
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const offline = () => Promise.reject(new TypeError('Failed to fetch'));
const urls = () => fetchMock.mock.calls.map(([url]) => String(url));

/** Answers by path; the server here still holds A's session for the old cookie until a logout reaches it. */
function server(options: { online: () => boolean; logoutAnswer?: () => Response }) {
  let isSessionAlive = true;
  fetchMock.mockImplementation((input) => {
    if (!options.online()) {
      return offline();
    }
    const url = String(input);
    if (url === LOGOUT) {
      const answer = options.logoutAnswer?.() ?? json(200, { ok: true });
      if (answer.status === 200 && answer.headers.get('Content-Type') === 'application/json') {
        isSessionAlive = false;
      }
      return Promise.resolve(answer);
    }
    if (url === SESSION) {
      return Promise.resolve(
        isSessionAlive ? json(200, sessionOf(userA)) : json(401, { detail: 'Please sign in.', code: 'NOT_SIGNED_IN' }),
      );
    }
    return Promise.resolve(json(404, { detail: 'Not found', code: 'NOT_FOUND' }));
  });
}

async function signInAsA() {
  fetchMock.mockResolvedValueOnce(json(200, sessionOf(userA)));
  await login({ email: userA.email, password: 'correct horse battery' });
  expect(authStore.getState().user?.id).toBe(userA.id);
}

beforeEach(async () => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  localStorage.clear();
  authStore.reset();
  setOfflineNavigator(() => undefined);
  await getDb().meta.put({ key: 'currentUserId', value: userA.id });
});

afterEach(() => {
  vi.unstubAllGlobals();
  setOfflineNavigator(null);
});

describe('a sign-out made offline wins', () => {
  it('forgets the snapshot, the offline-unlock verifier and the outbox owner at once', async () => {
    await signInAsA();
    localStorage.setItem('thera.unlockVerifier', '{}');
    fetchMock.mockImplementation(offline);
    await logout();
    expect(authStore.getState()).toMatchObject({ isLoggedIn: false, user: null });
    expect(isLogoutPending()).toBe(true);
    expect(localStorage.getItem(SESSION_SNAPSHOT_KEY)).toBeNull();
    expect(localStorage.getItem('thera.unlockVerifier')).toBeNull();
    expect((await getDb().meta.get('currentUserId'))?.value).toBeNull();
  });

  it('the connection returning (no reload): the logout goes before any session check, and A stays signed out', async () => {
    let isOnline = true;
    await signInAsA();
    isOnline = false;
    server({ online: () => isOnline });
    await logout();
    fetchMock.mockClear();

    isOnline = true;
    await revalidateSession(); // what the shell's `online` handler calls
    await refreshSession();
    expect(urls()[0]).toBe(LOGOUT);
    expect(urls().indexOf(SESSION)).toBeGreaterThan(urls().indexOf(LOGOUT));
    expect(authStore.getState()).toMatchObject({ isLoggedIn: false, user: null });
    expect(isLogoutPending()).toBe(false);
  });

  it('while the logout still fails, no session check is sent and the kept snapshot is not used', async () => {
    await signInAsA();
    fetchMock.mockImplementation(offline);
    await logout();
    // Even a snapshot written back by something else must not sign A in.
    localStorage.setItem(SESSION_SNAPSHOT_KEY, JSON.stringify(sessionOf(userA)));
    fetchMock.mockClear();
    authStore.reset();
    await restoreSession();
    expect(urls()).not.toContain(SESSION);
    expect(authStore.getState()).toMatchObject({ isLoggedIn: false, sessionLoading: false });
  });

  it('a reload with the connection back finishes the logout first', async () => {
    await signInAsA();
    let isOnline = false;
    server({ online: () => isOnline });
    await logout();
    fetchMock.mockClear();

    isOnline = true;
    authStore.reset(); // the page starts again
    await restoreSession();
    expect(urls()).toEqual([LOGOUT, SESSION]);
    expect(authStore.getState()).toMatchObject({ isLoggedIn: false, sessionLoading: false });
  });

  it("a sign-in portal's 200 text/html or a 503 is not a logout: it stays pending and wins", async () => {
    await signInAsA();
    let isOnline = false;
    let answer = () => new Response('<html>Accept the terms</html>', { status: 200, headers: { 'Content-Type': 'text/html' } });
    server({ online: () => isOnline, logoutAnswer: () => answer() });
    await logout();
    isOnline = true;
    fetchMock.mockClear();
    await refreshSession();
    expect(urls()).toEqual([LOGOUT]);
    expect(isLogoutPending()).toBe(true);
    expect(authStore.getState().isLoggedIn).toBe(false);

    answer = () => json(503, { detail: 'Unavailable', code: 'UNAVAILABLE' });
    fetchMock.mockClear();
    await refreshSession();
    expect(urls()).toEqual([LOGOUT]);
    expect(isLogoutPending()).toBe(true);
  });

  it('a sign-in from the form left open clears the pending logout without sending it separately', async () => {
    await signInAsA();
    fetchMock.mockImplementation(offline);
    await logout();
    fetchMock.mockReset();
    fetchMock.mockResolvedValueOnce(json(200, sessionOf(userB)));
    await login({ email: userB.email, password: 'correct horse battery' });
    expect(urls()).toEqual(['/api/users/auth/login/']);
    expect(isLogoutPending()).toBe(false);
    expect(authStore.getState().user?.id).toBe(userB.id);
  });

  it("the outbox's wrong-user signal re-checks the session, and still finishes a pending logout first", async () => {
    await signInAsA();
    let isOnline = false;
    server({ online: () => isOnline });
    await logout();
    isOnline = true;
    fetchMock.mockClear();
    reportWrongUser();
    await vi.waitFor(() => expect(urls()).toEqual([LOGOUT, SESSION]));
    expect(authStore.getState().isLoggedIn).toBe(false);
  });
});

describe('sign-out and sign-in reach other tabs', () => {
  const otherTab = () => new BroadcastChannel(AUTH_CHANNEL);

  it('another tab signing out drops this tab’s user at once, without a call', async () => {
    await signInAsA();
    fetchMock.mockClear();
    const tab = otherTab();
    tab.postMessage({ type: 'signed-out' });
    await vi.waitFor(() => expect(authStore.getState()).toMatchObject({ isLoggedIn: false, user: null }));
    expect(urls()).toEqual([]);
    tab.close();
  });

  it('another person signing in elsewhere: this tab drops A, then takes the new session from the server', async () => {
    await signInAsA();
    const seen: (string | null)[] = [];
    const stop = authStore.subscribe((next) => seen.push(next.user?.id ?? null));
    fetchMock.mockReset();
    fetchMock.mockResolvedValue(json(200, sessionOf(userB)));
    const tab = otherTab();
    tab.postMessage({ type: 'signed-in', userId: userB.id });
    await vi.waitFor(() => expect(authStore.getState().user?.id).toBe(userB.id));
    expect(seen[0]).toBeNull(); // A left before B arrived
    stop();
    tab.close();
  });

  it('this tab announces its sign-out and sign-in', async () => {
    const tab = otherTab();
    const heard: unknown[] = [];
    tab.addEventListener('message', (event) => heard.push(event.data));
    await signInAsA();
    fetchMock.mockResolvedValue(json(200, { ok: true }));
    await logout();
    await vi.waitFor(() => expect(heard).toEqual([{ type: 'signed-in', userId: userA.id }, { type: 'signed-out' }]));
    tab.close();
  });
});
