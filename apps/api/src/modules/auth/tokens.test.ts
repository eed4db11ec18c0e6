import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../db/seed/factories.js';
import { refreshTokens, users } from '../../db/schema/index.js';
import { fixedClock } from '../../platform/clock.js';
import { useTestApp } from '../../test/test-app.js';
import { hashSecret } from '../../platform/one-time-secrets.js';
import { auditCount, post, signedIn } from './test-support.js';

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

describe('access and refresh tokens', () => {
  const clock = fixedClock('2026-03-02T15:00:00Z');
  const t = useTestApp({ clock });

  const me = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers });
  const refresh = (refreshToken: unknown, url = '/api/auth/refresh-token') => post(t, url, { refreshToken });

  async function session() {
    const { user, password } = await createUser(t.db);
    return { user, ...(await signedIn(t, user.email, password)) };
  }

  it('GET /me answers the public user for a valid access token', async () => {
    const { user, auth } = await session();
    const res = await me(auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      data: { _id: user.id, email: user.email, roleId: user.roleId, emailVerified: true },
    });
    expect(res.json().data.passwordHash).toBeUndefined();
  });

  it("answers 'No token provided' without a token", async () => {
    const res = await me();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: 'No token provided', error: 'TOKEN_INVALID' });
  });

  it("answers 'Token expired' after 15 minutes", async () => {
    const { auth } = await session();
    clock.advance(14 * 60_000);
    expect((await me(auth)).statusCode).toBe(200);
    clock.advance(60_000 + 1000);
    const res = await me(auth);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: 'Token expired', error: 'TOKEN_EXPIRED' });
  });

  it("answers 'Invalid token' to a tampered, re-signed, alg none or garbage token", async () => {
    const { user, token } = await session();
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const admin = b64({ ...claims, role: 'SUPER_ADMIN', sub: user.id });
    const forged = createHmac('sha256', 'not-the-server-secret-not-the-server-secret').update(`${header}.${admin}`).digest('base64url');
    const candidates = [
      `${header}.${admin}.${signature}`,
      `${header}.${admin}.${forged}`,
      `${b64({ alg: 'none', typ: 'JWT' })}.${admin}.`,
      `${b64({ alg: 'HS512', typ: 'JWT' })}.${payload}.${signature}`,
      `${token.slice(0, -2)}xx`,
      'garbage',
      // Signed with the server's own key, but HS512 is not on the allow-list.
      await new SignJWT({ role: 'CUSTOMER' })
        .setProtectedHeader({ alg: 'HS512' })
        .setSubject(user.id)
        .setIssuer('medcourier')
        .setIssuedAt(Math.floor(clock.now().getTime() / 1000))
        .setExpirationTime(Math.floor(clock.now().getTime() / 1000) + 600)
        .sign(t.app.services.jwtKey),
    ];
    for (const candidate of candidates) {
      const res = await me({ authorization: `Bearer ${candidate}` });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Invalid token');
    }
  });

  it('rotates the refresh token on every use, at both paths', async () => {
    const { refreshToken } = await session();
    const first = await refresh(refreshToken);
    expect(first.statusCode).toBe(200);
    expect(Object.keys(first.json()).sort()).toEqual(['refreshToken', 'success', 'token']);
    expect(first.json().refreshToken).not.toBe(refreshToken);
    const second = await refresh(first.json().refreshToken, '/api/v1/auth/refresh-token');
    expect(second.statusCode).toBe(200);
    expect((await me({ authorization: `Bearer ${second.json().token}` })).statusCode).toBe(200);
  });

  it('stores refresh tokens only as SHA-256 hashes', async () => {
    const { user, refreshToken } = await session();
    const rows = await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toBe(hashSecret(refreshToken));
    expect(rows[0].tokenHash).not.toContain(refreshToken);
    expect(rows[0].expiresAt.getTime() - clock.now().getTime()).toBe(30 * 24 * 3600_000);
  });

  it('revokes the whole family when a used refresh token comes back', async () => {
    const { user, refreshToken } = await session();
    const rotated = (await refresh(refreshToken)).json().refreshToken;
    const reuse = await refresh(refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().message).toBe('Invalid token');
    // The thief's copy and the rightful holder's newer token are both dead now.
    expect((await refresh(rotated)).statusCode).toBe(401);
    expect(await auditCount(t, user.id, 'auth.refresh_token.reused')).toBe(1);
  });

  it('leaves the other sessions of the user alone when one family is revoked', async () => {
    const { user, password } = await createUser(t.db);
    const a = await signedIn(t, user.email, password);
    const b = await signedIn(t, user.email, password);
    await refresh(a.refreshToken);
    await refresh(a.refreshToken);
    expect((await refresh(b.refreshToken)).statusCode).toBe(200);
  });

  it('lets at most one of two concurrent refreshes with one token succeed', async () => {
    for (let i = 0; i < 3; i++) {
      const { refreshToken } = await session();
      const results = await Promise.all([refresh(refreshToken), refresh(refreshToken)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
      // The second use counts as reuse: the family is revoked, the winner's new token too.
      const winner = results.find((r) => r.statusCode === 200);
      expect((await refresh(winner?.json().refreshToken)).statusCode).toBe(401);
    }
  });

  it('refuses an unknown, empty, missing or expired refresh token', async () => {
    expect((await refresh('made-up-token')).statusCode).toBe(401);
    expect((await refresh('')).statusCode).toBe(400);
    expect((await post(t, '/api/auth/refresh-token', {})).json().message).toBe('refreshToken: Refresh token is required');
    const { refreshToken } = await session();
    clock.advance(30 * 24 * 3600_000 + 1000);
    const expired = await refresh(refreshToken);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe('Invalid token');
  });

  it('refuses to refresh for an account deleted or disabled since', async () => {
    const a = await session();
    await t.db.update(users).set({ isDisabled: true }).where(eq(users.id, a.user.id));
    expect((await refresh(a.refreshToken)).statusCode).toBe(401);
    const b = await session();
    await t.db.update(users).set({ isDeleted: true }).where(eq(users.id, b.user.id));
    expect((await refresh(b.refreshToken)).statusCode).toBe(401);
  });

  it('logout revokes the refresh token and writes an audit event', async () => {
    const { user, refreshToken } = await session();
    const res = await post(t, '/api/v1/auth/logout', { refreshToken });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Logged out' });
    expect((await refresh(refreshToken)).statusCode).toBe(401);
    expect(await auditCount(t, user.id, 'auth.logout')).toBe(1);
  });

  it('logout also ends the rotations of that session, and never fails', async () => {
    const { refreshToken } = await session();
    const rotated = (await refresh(refreshToken)).json().refreshToken;
    expect((await post(t, '/api/v1/auth/logout', { refreshToken: rotated })).statusCode).toBe(200);
    expect((await refresh(rotated)).statusCode).toBe(401);
    expect((await post(t, '/api/v1/auth/logout', { refreshToken: 'unknown' })).statusCode).toBe(200);
    expect((await post(t, '/api/v1/auth/logout', {})).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout' })).statusCode).toBe(200);
  });

  it('logout with only the Bearer header ends that session: the access token stops working and its refresh token is refused', async () => {
    const { user, auth, refreshToken } = await session();
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Logged out' });
    const after = await me(auth);
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('Invalid token');
    expect((await refresh(refreshToken)).statusCode).toBe(401);
    expect(await auditCount(t, user.id, 'auth.logout')).toBe(1);
  });

  it.each([
    ['an empty object', {}],
    ['a JSON string', 'bye'],
    ['an array', [1, 2]],
    ['a refresh token of the wrong type', { refreshToken: 42 }],
    ['an unknown refresh token', { refreshToken: 'not-a-token' }],
  ])('logout with the Bearer header and %s still ends the session and its rotations', async (_what, payload) => {
    const { auth, refreshToken } = await session();
    const rotated = (await refresh(refreshToken)).json() as { token: string; refreshToken: string };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
    expect(res.statusCode).toBe(200);
    expect((await me({ authorization: `Bearer ${rotated.token}` })).statusCode).toBe(401);
    expect((await refresh(rotated.refreshToken)).statusCode).toBe(401);
  });

  it('logout with one session’s Bearer header leaves the user’s other sessions signed in', async () => {
    const { user, password } = await createUser(t.db);
    const a = await signedIn(t, user.email, password);
    const b = await signedIn(t, user.email, password);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: a.auth })).statusCode).toBe(200);
    expect((await me(b.auth)).statusCode).toBe(200);
    expect((await refresh(b.refreshToken)).statusCode).toBe(200);
  });

  it('logout with an expired access token still ends its session', async () => {
    const { auth, refreshToken } = await session();
    const start = clock.now();
    clock.advance(60 * 60_000);
    try {
      expect((await me(auth)).json().message).toBe('Token expired');
      expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: auth })).statusCode).toBe(200);
    } finally {
      clock.set(start);
    }
    expect((await refresh(refreshToken)).statusCode).toBe(401);
  });

  it('refuses an access token of a deleted account', async () => {
    const { user, auth } = await session();
    await t.db.update(users).set({ isDeleted: true }).where(eq(users.id, user.id));
    const res = await me(auth);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Invalid token');
  });
});
