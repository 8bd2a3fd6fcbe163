import { useSyncExternalStore } from 'react';
import type { SessionState, User, UserType } from '../../../contract/accounts';
import { checked, isBoolean, isString, nullable, object } from '../db/checks';

/** Who is signed in and how a sign-in is going, plus the lock flag and active organization from the server session. */
export interface AuthState {
  user: User | null;
  isLoggedIn: boolean;
  /** A sign-in or registration is running. */
  loading: boolean;
  /** The last sign-in/registration failure, in its fallback words. */
  error: string | null;
  /** The session is being restored (first load). */
  sessionLoading: boolean;
  locked: boolean;
  activeOrganizationId: string | null;
  /** 'cache' when the session came from this device because the server was unreachable. */
  source: 'server' | 'cache' | null;
  /** The open workspace usage is kept apart from `user`, which is dropped while locked. */
  usageId: string | null;
  /** Signed out by the server (a 401): sign-in then returns to where the user was. */
  sessionExpired: boolean;
  /** Signed out by the user: sign-in starts from the start page. */
  signedOutByUser: boolean;
}

export type AuthAction =
  | { type: 'sessionStart' }
  | { type: 'sessionRestored'; session: SessionState; source: 'server' | 'cache' }
  | { type: 'sessionMissing' }
  | { type: 'loginStart' }
  | { type: 'loginSuccess'; session: SessionState }
  | { type: 'loginFailure'; error: string }
  | { type: 'clearError' }
  /** `elsewhere`: another tab signed out or in; that tab already updated what the device keeps. */
  | { type: 'logout'; expired?: boolean; elsewhere?: boolean }
  | { type: 'locked' }
  | { type: 'userUpdated'; changes: Partial<User> }
  | { type: 'activeOrganizationChanged'; organizationId: string | null };

export const initialAuthState: AuthState = {
  user: null,
  isLoggedIn: false,
  loading: false,
  error: null,
  sessionLoading: true,
  locked: false,
  activeOrganizationId: null,
  source: null,
  usageId: null,
  sessionExpired: false,
  signedOutByUser: false,
};

const signedOut: AuthState = { ...initialAuthState, sessionLoading: false };

function fromSession(state: AuthState, session: SessionState, source: 'server' | 'cache'): AuthState {
  if (!session.user && !session.locked) {
    return { ...signedOut };
  }
  return {
    ...state,
    user: session.locked ? null : session.user,
    isLoggedIn: true,
    loading: false,
    error: null,
    sessionLoading: false,
    locked: session.locked,
    activeOrganizationId: session.active_organization_id,
    source,
    usageId: session.user?.current_usage?.id ?? (session.locked ? state.usageId : null),
  };
}

/** loginStart → success (signed in with user) or failure (user cleared); logout clears. */
export function authReducer(state: AuthState, action: AuthAction): AuthState {
  switch (action.type) {
    case 'sessionStart':
      return { ...state, sessionLoading: true };
    case 'sessionRestored':
      return fromSession(state, action.session, action.source);
    case 'sessionMissing':
      // Already signed out (e.g. a check after a sign-out): keep why, and any error on the form.
      return state.isLoggedIn || state.sessionLoading ? { ...signedOut } : state;
    case 'loginStart':
      return { ...state, loading: true, error: null };
    case 'loginSuccess':
      return fromSession(state, action.session, 'server');
    case 'loginFailure':
      return { ...signedOut, error: action.error };
    case 'clearError':
      return { ...state, error: null };
    case 'logout':
      return { ...signedOut, sessionExpired: action.expired === true, signedOutByUser: action.expired !== true };
    case 'locked':
      // The lock screen shows no personal data, so the user leaves memory too.
      return state.isLoggedIn ? { ...state, user: null, locked: true } : state;
    case 'userUpdated':
      return state.user
        ? {
            ...state,
            user: { ...state.user, ...action.changes },
            usageId: action.changes.current_usage !== undefined ? (action.changes.current_usage?.id ?? null) : state.usageId,
          }
        : state;
    case 'activeOrganizationChanged':
      return { ...state, activeOrganizationId: action.organizationId };
  }
}

// Every user type; a record, so a type added to the contract and missing here fails to compile.
const USER_TYPES: Record<UserType, true> = { ORG: true, THE: true, STU: true, PAR: true };
const isUserType = (value: unknown): value is UserType => typeof value === 'string' && Object.hasOwn(USER_TYPES, value);

/** A user kept on this device (the session snapshot, the offline-unlock copy), checked when read back. */
export const isUser = object<User>({
  id: isString,
  email: isString,
  user_type: isUserType,
  first_name: isString,
  last_name: isString,
  phone_number: isString,
  current_usage: nullable(object<{ id: string }>({ id: isString })),
});
const isSessionState = object<SessionState>({ user: nullable(isUser), locked: isBoolean, active_organization_id: nullable(isString) });

/** Where the last known session is kept so the offline-capable screens know who is signed in. */
export const SESSION_SNAPSHOT_KEY = 'thera.session';

export function readSessionSnapshot(): SessionState | null {
  try {
    const raw = localStorage.getItem(SESSION_SNAPSHOT_KEY);
    if (!raw) {
      return null;
    }
    // Data read back from storage is validated like any other edge.
    return checked(JSON.parse(raw), isSessionState);
  } catch {
    return null;
  }
}

function writeSessionSnapshot(state: AuthState) {
  try {
    if (!state.isLoggedIn) {
      localStorage.removeItem(SESSION_SNAPSHOT_KEY);
      return;
    }
    const snapshot: SessionState = {
      user: state.locked ? null : state.user,
      locked: state.locked,
      active_organization_id: state.activeOrganizationId,
    };
    localStorage.setItem(SESSION_SNAPSHOT_KEY, JSON.stringify(snapshot));
  } catch {
    // Storage denied: the app still works online.
  }
}

let state: AuthState = initialAuthState;
const listeners = new Set<(next: AuthState, previous: AuthState) => void>();

export const authStore = {
  getState: (): AuthState => state,
  dispatch(action: AuthAction): void {
    const previous = state;
    state = authReducer(state, action);
    if (state === previous) {
      return;
    }
    const isOtherTabs = action.type === 'logout' && action.elsewhere === true;
    if (!state.sessionLoading && state.source !== 'cache' && !isOtherTabs) {
      writeSessionSnapshot(state);
    }
    listeners.forEach((listener) => listener(state, previous));
  },
  subscribe(listener: (next: AuthState, previous: AuthState) => void): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  /** Test helper: back to the first-load state. */
  reset(): void {
    state = initialAuthState;
  },
};

const subscribeForReact = (onChange: () => void) => authStore.subscribe(onChange);

export function useAuth(): AuthState {
  return useSyncExternalStore(subscribeForReact, authStore.getState);
}
