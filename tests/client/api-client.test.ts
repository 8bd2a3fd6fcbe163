import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as calls from '../../src/shared/api/calls';
import { accounts, organizations } from '../../contract/routes';
import { ApiError } from '../../src/shared/api/api-error';
import { api, onLocked, onUnauthorized, queryString } from '../../src/shared/api/client';
import { ERROR_TEXT, errorText } from '../../src/shared/api/error-text';
import { ACCOUNTS_ERROR_TEXT } from '../../src/features/accounts/error-text';
import { LAST_PATH_KEY, setOfflineNavigator } from '../../src/shared/offline/offline-redirect';

const fetchMock = vi.fn<typeof fetch>();

// The real loader, watched: which calls needed the schemas.
vi.mock('../../src/shared/api/calls', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/shared/api/calls')>();
  return { ...real, loadCall: vi.fn(real.loadCall) };
});

function answer(status: number, body: unknown): Response {
  return new Response(body === undefined ? '' : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const USER = {
  id: '0190f5a2-7c1e-7000-8000-000000000001',
  email: 'owner@example.com',
  user_type: 'ORG',
  first_name: 'Ada',
  last_name: 'Owner',
  phone_number: '',
  current_usage: null,
};

beforeEach(() => {
  vi.mocked(calls.loadCall).mockClear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

afterEach(() => {
  vi.unstubAllGlobals();
  setOfflineNavigator(null);
});

describe('api(route, input)', () => {
  it('sends JSON with the session cookie to the contract path and parses the answer', async () => {
    fetchMock.mockResolvedValue(answer(200, { user: USER, locked: false, active_organization_id: null }));
    const result = await api(accounts.login, { body: { email: 'Owner@Example.com', password: 'correct horse' } });
    expect(result.user?.first_name).toBe('Ada');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/users/auth/login/');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('same-origin');
    // The body went through the contract's schema: e-mail lower-cased.
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'owner@example.com', password: 'correct horse' });
  });

  it('encodes the query from the contract, defaults included', async () => {
    fetchMock.mockResolvedValue(answer(200, { count: 0, next: null, previous: null, results: [] }));
    await api(organizations.listOrganizations, { query: { page: 2 } });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/tenant-management/organizations/?page=2&page_size=20');
    expect(queryString({ student_ids: ['a', 'b'], q: 'x y', empty: undefined })).toBe('?student_ids=a%2Cb&q=x+y');
  });

  it('sends a call given no query and no body at once, with an empty JSON body unless it is a GET', async () => {
    fetchMock.mockResolvedValue(answer(200, { ok: true }));
    await api(accounts.logout);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect([url, init?.method, init?.body]).toEqual(['/api/users/auth/logout/', 'POST', '{}']);
    fetchMock.mockResolvedValue(answer(200, { count: 0, next: null, previous: null, results: [] }));
    await api(organizations.listOrganizations);
    // No query given: none sent, the server applies the contract's defaults.
    expect([fetchMock.mock.calls[1]![0], fetchMock.mock.calls[1]![1]?.body]).toEqual(['/api/tenant-management/organizations/', undefined]);
  });

  it('loads no schemas for a call with nothing to check that fails on the network (start-up, offline)', async () => {
    setOfflineNavigator(() => undefined);
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api(accounts.session)).rejects.toMatchObject({ code: 'FETCH_ERROR' });
    expect(calls.loadCall).not.toHaveBeenCalled();
    fetchMock.mockResolvedValue(answer(200, { user: USER, locked: false, active_organization_id: null }));
    await api(accounts.session);
    expect(calls.loadCall).toHaveBeenCalledWith(accounts.session);
  });

  it('refuses a body the contract rejects without calling the server, in the server error shape', async () => {
    const error = await api(accounts.login, { body: { email: 'not-an-email', password: 'x' } }).catch((e: unknown) => e);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).errors?.email?.[0]).toBe('Enter a valid e-mail address.');
  });

  it('throws one ApiError with status, code, detail, errors and body for an error answer', async () => {
    const body = {
      detail: 'That e-mail address is already in use.',
      code: 'EMAIL_TAKEN',
      errors: { new_email: ['Taken.'] },
      error: 'That e-mail address is already in use.',
    };
    fetchMock.mockResolvedValue(answer(409, body));
    const error = (await api(accounts.changeEmail, { body: { new_email: 'a@b.co', password: 'pw' } }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      code: 'EMAIL_TAKEN',
      detail: 'That e-mail address is already in use.',
      errors: { new_email: ['Taken.'] },
    });
    expect(error.body).toEqual(body);
  });

  it('reports a network failure as status 0 FETCH_ERROR', async () => {
    setOfflineNavigator(() => undefined);
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = (await api(accounts.session).catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({ status: 0, code: 'FETCH_ERROR', isNetworkError: true });
  });

  it('treats an answer that does not match the contract as an error, not as data', async () => {
    fetchMock.mockResolvedValue(answer(200, { user: 'nope' }));
    await expect(api(accounts.session)).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
  });

  it('reports a 401 so the app signs out, but not a wrong password', async () => {
    const listener = vi.fn();
    const stop = onUnauthorized(listener);
    fetchMock.mockResolvedValueOnce(answer(401, { detail: 'Wrong e-mail or password.', code: 'INVALID_CREDENTIALS' }));
    await api(accounts.login, { body: { email: 'a@b.co', password: 'x' } }).catch(() => undefined);
    expect(listener).not.toHaveBeenCalled();
    fetchMock.mockResolvedValueOnce(answer(401, { detail: 'Please sign in.', code: 'SESSION_EXPIRED' }));
    await api(organizations.listOrganizations).catch(() => undefined);
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
  });

  it('reports a 423 so the app shows the lock screen', async () => {
    const listener = vi.fn();
    const stop = onLocked(listener);
    fetchMock.mockResolvedValueOnce(answer(423, { detail: 'Account locked.', code: 'ACCOUNT_LOCKED' }));
    await api(organizations.listOrganizations).catch(() => undefined);
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
  });

  it('sends the user to the offline page on a network failure, remembering path, query and hash', async () => {
    window.history.replaceState(null, '', '/organization/settings?tab=2#address');
    const navigate = vi.fn();
    setOfflineNavigator(navigate);
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = (await api(organizations.listOrganizations).catch((e: unknown) => e)) as ApiError;
    expect(localStorage.getItem(LAST_PATH_KEY)).toBe('/organization/settings?tab=2#address');
    expect(navigate).toHaveBeenCalledWith('/status/offline?internal=1', { replace: true });
    expect(error.redirectedOffline).toBe(true);
  });

  it('leaves the screen alone when the call opts out of the offline redirect', async () => {
    const navigate = vi.fn();
    setOfflineNavigator(navigate);
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await api(organizations.listOrganizations, undefined, { offlineRedirect: false }).catch(() => undefined);
    expect(navigate).not.toHaveBeenCalled();
    expect(localStorage.getItem(LAST_PATH_KEY)).toBeNull();
  });
});

describe('errorText', () => {
  const answered = (status: number, body: unknown) => ApiError.fromResponse(status, body);

  it("shows the server's detail first", () => {
    expect(
      errorText(answered(400, { detail: 'Use at least 8 characters.', code: 'VALIDATION_FAILED' }), ACCOUNTS_ERROR_TEXT.changePassword),
    ).toBe('Use at least 8 characters.');
  });

  it("falls back to the server's error field when there is no detail", () => {
    expect(errorText(answered(400, { error: 'Registration closed.' }), ERROR_TEXT.register)).toBe('Registration closed.');
  });

  it('takes the first detail entry when detail is a list (change e-mail)', () => {
    expect(errorText(answered(400, { detail: ['', 'Enter a valid e-mail address.', 'second'] }), ACCOUNTS_ERROR_TEXT.changeEmail)).toBe(
      'Enter a valid e-mail address.',
    );
  });

  it("uses the call's fallback when the server says nothing", () => {
    expect(errorText(answered(500, null), ERROR_TEXT.login)).toBe('Login failed.');
    expect(errorText(answered(502, '<html>Bad gateway</html>'), ACCOUNTS_ERROR_TEXT.changePassword)).toBe('Failed to change password.');
    expect(errorText(answered(400, {}), ACCOUNTS_ERROR_TEXT.changeEmail)).toBe('Failed to change email. Please try again.');
    expect(errorText(answered(500, {}), ACCOUNTS_ERROR_TEXT.lockAccount)).toBe('Failed to lock account');
    expect(errorText(answered(500, {}), ACCOUNTS_ERROR_TEXT.unlockAccount)).toBe('Failed to unlock account');
  });

  it("gives registration 'Registration failed', or 'Network or system error' without a connection", () => {
    const fallback = { text: ERROR_TEXT.register, network: ERROR_TEXT.registerNetwork };
    expect(errorText(answered(500, {}), fallback)).toBe('Registration failed');
    expect(errorText(ApiError.network(new TypeError('Failed to fetch')), fallback)).toBe('Network or system error');
  });

  it("uses a plain error's message before the fallback", () => {
    expect(errorText(new Error('Storage is full.'), ERROR_TEXT.login)).toBe('Storage is full.');
    expect(errorText({ message: 'Quota exceeded' })).toBe('Quota exceeded');
  });

  it('reads detail from a bare error body (collector results)', () => {
    expect(errorText({ status: 409, detail: 'Trial already completed.' })).toBe('Trial already completed.');
  });

  it("ends with 'An unknown error occurred.'", () => {
    expect(errorText(undefined)).toBe('An unknown error occurred.');
    expect(errorText(new Error(''))).toBe('An unknown error occurred.');
    expect(errorText(answered(500, {}))).toBe('An unknown error occurred.');
  });
});
