import { describe, expect, it } from 'vitest';
import { createUser } from '../db/seed/factories.js';
import { useTestApp } from '../test/test-app.js';

describe('the access token check', () => {
  const t = useTestApp();

  async function signIn(email: string, password: string) {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } });
    const { token, refreshToken } = res.json().data;
    return { headers: { authorization: `Bearer ${token}` }, refreshToken };
  }
  const me = (headers: Record<string, string>) => t.app.inject({ url: '/api/v1/auth/me', headers });

  it('ends a session at once on logout, not when its 15 minutes run out', async () => {
    const { user, password } = await createUser(t.db);
    const session = await signIn(user.email, password);
    expect((await me(session.headers)).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', payload: { refreshToken: session.refreshToken } });
    const after = await me(session.headers);
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('Invalid token');
  });

  it('ends the other sessions at once on a password change and keeps this one', async () => {
    const { user, password } = await createUser(t.db);
    const laptop = await signIn(user.email, password);
    const phone = await signIn(user.email, password);
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/change-password',
      headers: laptop.headers,
      payload: { currentPassword: password, newPassword: 'Another#Pass2027' },
    });
    expect(change.statusCode).toBe(200);
    expect((await me(laptop.headers)).statusCode).toBe(200);
    expect((await me(phone.headers)).statusCode).toBe(401);
  });

  it('refuses a deleted account with the token it still holds', async () => {
    const { user, password } = await createUser(t.db);
    const session = await signIn(user.email, password);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/v1/users/me', headers: session.headers })).statusCode).toBe(200);
    expect((await me(session.headers)).statusCode).toBe(401);
  });

  it('answers the three messages the web client keys on', async () => {
    expect((await me({})).json().message).toBe('No token provided');
    expect((await me({ authorization: 'Bearer not.a.jwt' })).json().message).toBe('Invalid token');
  });
});
