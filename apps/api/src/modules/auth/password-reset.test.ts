import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../db/seed/factories.js';
import { users } from '../../db/schema/index.js';
import { fixedClock } from '../../platform/clock.js';
import { useTestApp } from '../../test/test-app.js';
import { auditCount, emailsTo, lastEmailTo, linkToken, login, post, signedIn } from './test-support.js';

const SAME_ANSWER = { success: true, message: 'If an account exists with this email, you will receive password reset instructions.' };

describe('forgot and reset password', () => {
  const clock = fixedClock('2026-03-02T15:00:00Z');
  const t = useTestApp({ clock });

  const forgot = (email: string, headers: Record<string, string> = {}) => post(t, '/api/v1/auth/forgot-password', { email }, headers);
  const reset = (body: unknown) => post(t, '/api/v1/auth/reset-password', body);

  async function resetToken(email: string) {
    clock.advance(61_000);
    await forgot(email);
    const mail = await lastEmailTo(t, email);
    return linkToken(mail?.text ?? '', '/auth/reset-password');
  }

  it('answers the same success whether or not the account exists', async () => {
    const { user } = await createUser(t.db);
    const known = await forgot(user.email);
    const unknown = await forgot('nobody-at-all@clinic.test');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(SAME_ANSWER);
    expect(unknown.json()).toEqual(SAME_ANSWER);
    expect(await emailsTo(t, 'nobody-at-all@clinic.test')).toHaveLength(0);
    expect(await auditCount(t, user.id, 'auth.password_reset.requested')).toBe(1);
  });

  it('e-mails a link to PUBLIC_URL, never to the Host header', async () => {
    const { user } = await createUser(t.db);
    await forgot(user.email, { host: 'evil.example', 'x-forwarded-host': 'evil.example', origin: 'https://evil.example' });
    const mail = await lastEmailTo(t, user.email);
    expect(mail?.subject).toBe('Reset your MedCourier password');
    expect(mail?.text).toMatch(/http:\/\/courier\.test\/auth\/reset-password\?token=[\w-]{43}/);
    expect(`${mail?.text}${mail?.html}`).not.toContain('evil.example');
  });

  it('sends nothing to a deleted account, and at most one link a minute', async () => {
    const deleted = await createUser(t.db);
    await t.db.update(users).set({ isDeleted: true }).where(eq(users.id, deleted.user.id));
    expect((await forgot(deleted.user.email)).json()).toEqual(SAME_ANSWER);
    expect(await emailsTo(t, deleted.user.email)).toHaveLength(0);

    const { user } = await createUser(t.db);
    await forgot(user.email);
    expect((await forgot(user.email)).json()).toEqual(SAME_ANSWER);
    expect(await emailsTo(t, user.email)).toHaveLength(1);
  });

  it('sets the new password, revokes every session and e-mails a notice', async () => {
    const { user, password } = await createUser(t.db);
    const session = await signedIn(t, user.email, password);
    const token = await resetToken(user.email);
    const res = await reset({ token, newPassword: 'Fresh#Start9' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Password reset successful! You can now log in with your new password.' });
    expect((await login(t, user.email, password)).statusCode).toBe(401);
    expect((await login(t, user.email, 'Fresh#Start9')).statusCode).toBe(200);
    expect((await post(t, '/api/auth/refresh-token', { refreshToken: session.refreshToken })).statusCode).toBe(401);
    expect((await lastEmailTo(t, user.email))?.subject).toBe('Your MedCourier password was changed');
    expect(await auditCount(t, user.id, 'auth.password.reset')).toBe(1);
  });

  it('accepts a link only once', async () => {
    const { user } = await createUser(t.db);
    const token = await resetToken(user.email);
    expect((await reset({ token, newPassword: 'Fresh#Start9' })).statusCode).toBe(200);
    const again = await reset({ token, newPassword: 'Other#Start9' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This password reset link is invalid or has expired. Please request a new one.');
    expect((await login(t, user.email, 'Other#Start9')).statusCode).toBe(401);
  });

  it('refuses a link older than one hour', async () => {
    const { user, password } = await createUser(t.db);
    const token = await resetToken(user.email);
    clock.advance(3600_000 + 1000);
    expect((await reset({ token, newPassword: 'Fresh#Start9' })).statusCode).toBe(400);
    expect((await login(t, user.email, password)).statusCode).toBe(200);
  });

  it('only the newest link works', async () => {
    const { user } = await createUser(t.db);
    const older = await resetToken(user.email);
    const newer = await resetToken(user.email);
    expect((await reset({ token: older, newPassword: 'Fresh#Start9' })).statusCode).toBe(400);
    expect((await reset({ token: newer, newPassword: 'Fresh#Start9' })).statusCode).toBe(200);
  });

  it("requires the token ('Reset token is missing') and refuses a forged one", async () => {
    const missing = await reset({ newPassword: 'Fresh#Start9' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('token: Reset token is missing');
    expect((await reset({ token: '', newPassword: 'Fresh#Start9' })).json().message).toBe('token: Reset token is missing');
    expect((await reset({ token: 'forged-token', newPassword: 'Fresh#Start9' })).statusCode).toBe(400);
  });

  it('applies the sign-up password policy on the server, though the form has none', async () => {
    const { user, password } = await createUser(t.db);
    const token = await resetToken(user.email);
    const weak = await reset({ token, newPassword: 'password' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe('newPassword: Password must contain at least one uppercase letter');
    // The weak attempt did not spend the link.
    expect((await reset({ token, newPassword: 'Fresh#Start9' })).statusCode).toBe(200);
    expect((await login(t, user.email, password)).statusCode).toBe(401);
  });

  it('lifts a lock and counts as e-mail verification', async () => {
    const { user } = await createUser(t.db, { verified: false });
    await t.db
      .update(users)
      .set({ lockedUntil: new Date(clock.now().getTime() + 3600_000) })
      .where(eq(users.id, user.id));
    const token = await resetToken(user.email);
    expect((await reset({ token, newPassword: 'Fresh#Start9' })).statusCode).toBe(200);
    const res = await login(t, user.email, 'Fresh#Start9');
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(true);
  });

  it('refuses a malformed e-mail on forgot-password', async () => {
    const res = await forgot('not-an-email');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('email: Email must be a valid e-mail address');
  });
});

describe('GET /api/v1/auth/verify-email', () => {
  const clock = fixedClock('2026-03-02T15:00:00Z');
  const t = useTestApp({ clock });

  const verify = (token?: string) =>
    t.app.inject({ method: 'GET', url: '/api/v1/auth/verify-email', query: token === undefined ? {} : { token } });

  async function signUp() {
    const email = `verify-${Math.random().toString(36).slice(2, 8)}@clinic.test`;
    const body = {
      email,
      firstName: 'Sam',
      lastName: 'Lee',
      phone: '+16175550199',
      password: 'Courier#2026',
      address: '1 Main St, Boston, MA',
      accountType: 'pharmacy',
      roleId: 'x',
    };
    expect((await post(t, '/api/v1/auth/register', body)).statusCode).toBe(201);
    const mail = await lastEmailTo(t, email);
    return { email, password: body.password, token: linkToken(mail?.text ?? '', '/auth/verify-email') };
  }

  it('verifies the e-mail, after which the password alone signs in', async () => {
    const { email, password, token } = await signUp();
    const res = await verify(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Email verified successfully!' });
    const signIn = await login(t, email, password);
    expect(signIn.json()).toMatchObject({ success: true, data: { user: { email, emailVerified: true } } });
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(await auditCount(t, row.id, 'auth.email.verified')).toBe(1);
  });

  it('accepts a link only once', async () => {
    const { token } = await signUp();
    expect((await verify(token)).statusCode).toBe(200);
    const again = await verify(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/invalid or has expired/);
  });

  it('refuses a link older than 24 hours', async () => {
    const { token } = await signUp();
    clock.advance(24 * 3600_000 + 1000);
    expect((await verify(token)).statusCode).toBe(400);
  });

  it("answers 'Verification token is missing' without a token, and 400 to a forged one", async () => {
    const missing = await verify();
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Verification token is missing');
    expect((await verify('')).json().message).toBe('Verification token is missing');
    expect((await verify('forged')).statusCode).toBe(400);
  });
});
