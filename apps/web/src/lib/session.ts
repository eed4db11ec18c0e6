import { roleFromId, type TRole } from '@courier/contract';
import { useSyncExternalStore } from 'react';

/** Browser storage keys. */
export const SESSION_KEYS = { token: 'token', refreshToken: 'refreshToken', user: 'user' } as const;

export interface TSessionUser {
  _id?: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
  address?: string;
  /** One of ACCOUNT_TYPES for customers; null for staff and drivers. */
  accountType?: string | null;
  picture?: string | null;
  /** The customer's clinic, lab or pharmacy; '' or absent when none. */
  organisation?: string;
  createdAt?: string;
  /** A plain role id or an object carrying it as _id. */
  roleId: string | { _id: string };
  [key: string]: unknown;
}

export interface TSession {
  token: string | null;
  refreshToken: string | null;
  user: TSessionUser | null;
  role: TRole | undefined;
  /** Both a user and a token are stored. */
  isAuthenticated: boolean;
}

const listeners = new Set<() => void>();

/**
 * Where the session lives: localStorage when the user ticked "Remember me" (it outlives the browser),
 * sessionStorage otherwise (it ends with the tab). Same keys in both; reads prefer whichever holds a token.
 */
type TStorageKind = 'local' | 'session';

function storage(kind: TStorageKind): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

function readFrom(kind: TStorageKind, key: string): string | null {
  try {
    return storage(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** The storage holding the current session: the one with a token, localStorage when neither has one. */
function activeKind(): TStorageKind {
  if (readFrom('local', SESSION_KEYS.token) === null && readFrom('session', SESSION_KEYS.token) !== null) return 'session';
  return 'local';
}

function read(key: string): string | null {
  return readFrom(activeKind(), key);
}

function write(key: string, value: string | null | undefined, kind: TStorageKind = activeKind()): void {
  const store = storage(kind);
  if (!store) return;
  if (value === null || value === undefined) store.removeItem(key);
  else store.setItem(key, value);
}

function removeEverywhere(): void {
  for (const kind of ['local', 'session'] as const) {
    for (const key of Object.values(SESSION_KEYS)) storage(kind)?.removeItem(key);
  }
}

function parseUser(raw: string | null): TSessionUser | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' ? (value as TSessionUser) : null;
  } catch {
    return null;
  }
}

function notify(): void {
  for (const listener of listeners) listener();
}

export const getToken = (): string | null => read(SESSION_KEYS.token);
export const getRefreshToken = (): string | null => read(SESSION_KEYS.refreshToken);
export const getUser = (): TSessionUser | null => parseUser(read(SESSION_KEYS.user));
export const isAuthenticated = (): boolean => !!getToken() && !!getUser();

let loggedOut = false;

/** True after the user logged out on purpose (until the next login): guards then remember no page to return to. */
export const wasLoggedOut = (): boolean => loggedOut;

/**
 * Stores what a successful login returns. `remember: false` keeps it for this tab only (sessionStorage);
 * the default keeps it in localStorage.
 */
export function setSession(session: { token: string; refreshToken?: string | null; user: TSessionUser; remember?: boolean }): void {
  loggedOut = false;
  const kind: TStorageKind = session.remember === false ? 'session' : 'local';
  const previousRefresh = session.refreshToken === undefined ? getRefreshToken() : null;
  removeEverywhere();
  write(SESSION_KEYS.token, session.token, kind);
  write(SESSION_KEYS.refreshToken, session.refreshToken === undefined ? previousRefresh : session.refreshToken, kind);
  write(SESSION_KEYS.user, JSON.stringify(session.user), kind);
  notify();
}

/** True when the session is kept beyond this tab (the user ticked "Remember me"). */
export const isRemembered = (): boolean => activeKind() === 'local';

/** Stores the pair a token refresh returns; the refresh token is kept when none came back. */
export function setTokens(token: string, refreshToken?: string | null): void {
  write(SESSION_KEYS.token, token);
  if (refreshToken) write(SESSION_KEYS.refreshToken, refreshToken);
  notify();
}

export function setUser(user: TSessionUser): void {
  write(SESSION_KEYS.user, JSON.stringify(user));
  notify();
}

/** Removes token, refresh token and user; `reason: 'logout'` marks a deliberate sign-out. */
export function clearSession({ reason }: { reason?: 'logout' | 'ended' } = {}): void {
  loggedOut = reason === 'logout';
  removeEverywhere();
  notify();
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab logging in or out changes this tab's session too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || (Object.values(SESSION_KEYS) as string[]).includes(event.key)) notify();
  });
}

let cached: { raw: string; session: TSession } | undefined;

/** A stable snapshot for useSyncExternalStore: a new object only when storage changed. */
export function getSession(): TSession {
  const token = getToken();
  const refreshToken = getRefreshToken();
  const rawUser = read(SESSION_KEYS.user);
  const raw = JSON.stringify([token, refreshToken, rawUser]);
  if (cached?.raw === raw) return cached.session;
  const user = parseUser(rawUser);
  const session: TSession = {
    token,
    refreshToken,
    user,
    role: roleFromId(user?.roleId),
    isAuthenticated: !!token && !!user,
  };
  cached = { raw, session };
  return session;
}

/** The current session; the component re-renders on login, logout and token refresh. */
export function useSession(): TSession {
  return useSyncExternalStore(subscribe, getSession, getSession);
}

export function displayName(user: TSessionUser | null): string {
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ');
  return name || user?.email || 'Account';
}

/** The state /auth/login reads to send the user back where they were (the guard sets it). */
export interface TLoginState {
  from?: { pathname: string; search?: string; hash?: string };
}
