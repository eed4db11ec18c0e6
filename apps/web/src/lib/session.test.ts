import { ROLE_IDS } from '@courier/contract';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearSession,
  getRefreshToken,
  getSession,
  getToken,
  getUser,
  isAuthenticated,
  isRemembered,
  setSession,
  setTokens,
  setUser,
  subscribe,
  useSession,
} from './session';

const driver = { _id: 'u9', firstName: 'Dana', email: 'dana@medcourier.example', roleId: { _id: ROLE_IDS.DRIVER } };

describe('session', () => {
  it('stores the token, refresh token and user under the fixed keys', () => {
    setSession({ token: 't1', refreshToken: 'r1', user: driver });

    expect(localStorage.getItem('token')).toBe('t1');
    expect(localStorage.getItem('refreshToken')).toBe('r1');
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(driver);
    expect(getToken()).toBe('t1');
    expect(getRefreshToken()).toBe('r1');
    expect(getUser()).toEqual(driver);
  });

  it('counts as authenticated only with both a user and a token', () => {
    expect(isAuthenticated()).toBe(false);
    localStorage.setItem('token', 't1');
    expect(isAuthenticated()).toBe(false);
    localStorage.setItem('user', JSON.stringify(driver));
    expect(isAuthenticated()).toBe(true);
    localStorage.removeItem('token');
    expect(isAuthenticated()).toBe(false);
  });

  it('treats an unreadable stored user as no user', () => {
    localStorage.setItem('token', 't1');
    localStorage.setItem('user', '{not json');
    expect(getUser()).toBeNull();
    expect(isAuthenticated()).toBe(false);
  });

  it('keeps the refresh token when a refresh returns none', () => {
    setSession({ token: 't1', refreshToken: 'r1', user: driver });
    setTokens('t2');
    expect(getToken()).toBe('t2');
    expect(getRefreshToken()).toBe('r1');
    setTokens('t3', 'r3');
    expect(getRefreshToken()).toBe('r3');
  });

  it('clears every key', () => {
    setSession({ token: 't1', refreshToken: 'r1', user: driver });
    clearSession();
    expect([getToken(), getRefreshToken(), getUser()]).toEqual([null, null, null]);
  });

  it('tells subscribers about changes until they unsubscribe', () => {
    const listener = vi.fn();
    const unsubscribe = subscribe(listener);
    setSession({ token: 't1', user: driver });
    clearSession();
    unsubscribe();
    setTokens('t2');
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('returns the same snapshot until storage changes, with the role resolved from roleId', () => {
    setSession({ token: 't1', user: driver });
    const first = getSession();
    expect(getSession()).toBe(first);
    expect(first).toMatchObject({ isAuthenticated: true, role: 'DRIVER' });
    setTokens('t2');
    expect(getSession()).not.toBe(first);
  });

  it('re-renders useSession on login and logout', () => {
    const { result } = renderHook(() => useSession());
    expect(result.current.isAuthenticated).toBe(false);
    act(() => setSession({ token: 't1', user: driver }));
    expect(result.current).toMatchObject({ isAuthenticated: true, role: 'DRIVER', user: driver });
    act(() => clearSession());
    expect(result.current.isAuthenticated).toBe(false);
  });
});

describe('session and "Remember me"', () => {
  afterEach(() => sessionStorage.clear());

  it('keeps a session that is not remembered in sessionStorage under the same keys', () => {
    setSession({ token: 't1', refreshToken: 'r1', user: driver, remember: false });

    expect(sessionStorage.getItem('token')).toBe('t1');
    expect(sessionStorage.getItem('refreshToken')).toBe('r1');
    expect(JSON.parse(sessionStorage.getItem('user') ?? 'null')).toEqual(driver);
    expect(localStorage.getItem('token')).toBeNull();
    expect(getSession()).toMatchObject({ isAuthenticated: true, token: 't1', role: 'DRIVER' });
    expect(isRemembered()).toBe(false);
  });

  it('writes refreshed tokens and user updates to the storage that holds the session', () => {
    setSession({ token: 't1', refreshToken: 'r1', user: driver, remember: false });
    setTokens('t2', 'r2');
    setUser({ ...driver, firstName: 'Dee' });

    expect(sessionStorage.getItem('token')).toBe('t2');
    expect(sessionStorage.getItem('refreshToken')).toBe('r2');
    expect(getUser()?.firstName).toBe('Dee');
    expect(localStorage.length).toBe(0);
  });

  it('moves the session when the next login chooses the other storage, leaving no stale copy', () => {
    setSession({ token: 't1', refreshToken: 'r1', user: driver, remember: false });
    setSession({ token: 't2', refreshToken: 'r2', user: driver, remember: true });

    expect(localStorage.getItem('token')).toBe('t2');
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(isRemembered()).toBe(true);
  });

  it('clears both storages on logout', () => {
    setSession({ token: 't1', refreshToken: 'r1', user: driver, remember: false });
    localStorage.setItem('token', 'stale');
    clearSession({ reason: 'logout' });

    expect([sessionStorage.getItem('token'), sessionStorage.getItem('user'), localStorage.getItem('token')]).toEqual([null, null, null]);
    expect(getSession().isAuthenticated).toBe(false);
  });
});
