import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LAST_PATH_KEY,
  OFFLINE_URL,
  goOffline,
  isSafeReturnPath,
  isServerReachable,
  peekLastPath,
  registerOfflineCapableRoute,
  saveLastPath,
  setOfflineNavigator,
  takeLastPath,
} from '../../src/shared/offline/offline-redirect';

const at = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  setOfflineNavigator(null);
});

describe('lastPathBeforeOffline', () => {
  it('saves path, query and hash under lastPathBeforeOffline', () => {
    saveLastPath(at('/account', '?tab=email', '#change'));
    expect(localStorage.getItem(LAST_PATH_KEY)).toBe('/account?tab=email#change');
  });

  it('never saves the offline page itself (the way back would loop)', () => {
    saveLastPath(at('/account'));
    saveLastPath(at('/status/offline', '?internal=1'));
    expect(localStorage.getItem(LAST_PATH_KEY)).toBe('/account');
  });

  it('hands the saved place back once, then forgets it', () => {
    saveLastPath(at('/organization/settings', '', '#timezone'));
    expect(takeLastPath()).toBe('/organization/settings#timezone');
    expect(localStorage.getItem(LAST_PATH_KEY)).toBeNull();
    expect(takeLastPath()).toBe('/');
  });

  it('only returns to paths of this app', () => {
    for (const unsafe of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'account', '/status/offline?internal=1', '']) {
      localStorage.setItem(LAST_PATH_KEY, unsafe);
      expect(peekLastPath()).toBeNull();
      expect(takeLastPath()).toBe('/');
    }
    expect(isSafeReturnPath('/account?x=1#y')).toBe(true);
  });
});

describe('goOffline', () => {
  it('saves the place and navigates to /status/offline?internal=1, replacing the failed screen', () => {
    const navigate = vi.fn();
    setOfflineNavigator(navigate);
    expect(goOffline(at('/profile', '?edit=1', '#phone'))).toBe(true);
    expect(localStorage.getItem(LAST_PATH_KEY)).toBe('/profile?edit=1#phone');
    expect(navigate).toHaveBeenCalledWith(OFFLINE_URL, { replace: true });
  });

  it('does nothing on a screen that works offline', () => {
    const navigate = vi.fn();
    setOfflineNavigator(navigate);
    const unregister = registerOfflineCapableRoute('/collector');
    expect(goOffline(at('/collector'))).toBe(false);
    expect(goOffline(at('/collector/sessions/42', '', '#goal-3'))).toBe(false);
    expect(goOffline(at('/collectors'))).toBe(true); // a prefix of a word is not the route
    unregister();
    expect(goOffline(at('/collector'))).toBe(true);
    expect(navigate).toHaveBeenCalledTimes(2);
  });

  it('does nothing when already on the offline page', () => {
    const navigate = vi.fn();
    setOfflineNavigator(navigate);
    saveLastPath(at('/account'));
    expect(goOffline(at('/status/offline', '?internal=1'))).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
    expect(localStorage.getItem(LAST_PATH_KEY)).toBe('/account');
  });

  it('falls back to the history API before the router is ready', () => {
    window.history.replaceState(null, '', '/account');
    expect(goOffline(window.location)).toBe(true);
    expect(`${window.location.pathname}${window.location.search}`).toBe(OFFLINE_URL);
  });
});

describe('isServerReachable', () => {
  it('asks /healthz without the HTTP cache and says yes only for a 2xx', async () => {
    const fetchOk = vi.fn<typeof fetch>().mockResolvedValue(new Response('{"status":"ok"}', { status: 200 }));
    expect(await isServerReachable(fetchOk)).toBe(true);
    expect(fetchOk.mock.calls[0]![0]).toBe('/healthz');
    expect(fetchOk.mock.calls[0]![1]?.cache).toBe('no-store');
    expect(await isServerReachable(vi.fn<typeof fetch>().mockResolvedValue(new Response('', { status: 503 })))).toBe(false);
    expect(await isServerReachable(vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch')))).toBe(false);
  });
});
