import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../db/seed/factories.js';
import { users } from '../../db/schema/index.js';
import { fixedClock } from '../../platform/clock.js';
import { useTestApp } from '../../test/test-app.js';
import { auditCount, codeIn, emailsTo, lastEmailTo, login, post } from './test-support.js';

describe('sign-in with an e-mailed code while the e-mail is unverified', () => {
  const clock = fixedClock('2026-03-02T15:00:00Z');
  const t = useTestApp({ clock });

  const verifyOtp = (email: string, otp: string) => post(t, '/api/v1/auth/verify-otp', { email, otp });
  const resend = (email: string, ip?: string) => post(t, '/api/v1/auth/resend-otp', { email }, {}, ip);

  async function unverifiedUserWithCode() {
    const { user, password } = await createUser(t.db, { verified: false });
    const res = await login(t, user.email, password);
    const mail = await lastEmailTo(t, user.email);
    return { user, password, res, code: codeIn(mail?.text ?? '') };
  }

  it('answers 200, success false, a message with "verify" and the e-mail, and sends a 6-digit code', async () => {
    const { user, res } = await unverifiedUserWithCode();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: false,
      message: expect.stringContaining('verify'),
      error: 'VERIFICATION_REQUIRED',
      data: { user: { email: user.email } },
    });
    const mail = await lastEmailTo(t, user.email);
    expect(mail?.subject).toBe('Your MedCourier sign-in code');
    expect(mail?.text).toMatch(/\b\d{6}\b/);
    expect(mail?.html).toContain(codeIn(mail?.text ?? ''));
    expect(await auditCount(t, user.id, 'auth.login.verification_required')).toBe(1);
  });

  it('does not send a code for a wrong password on an unverified e-mail', async () => {
    const { user } = await createUser(t.db, { verified: false });
    expect((await login(t, user.email, 'Wrong#Pass1')).statusCode).toBe(401);
    expect(await emailsTo(t, user.email)).toHaveLength(0);
  });

  it('signs in with the code like a login, and marks the e-mail verified', async () => {
    const { user, password, code } = await unverifiedUserWithCode();
    const res = await verifyOtp(user.email, code);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Login successful!',
      data: { user: { _id: user.id, emailVerified: true } },
    });
    expect(res.json().data.token).toBeTruthy();
    expect(res.json().data.refreshToken).toBeTruthy();
    // From now on the password alone signs in.
    expect((await login(t, user.email, password)).json().success).toBe(true);
    expect(await auditCount(t, user.id, 'auth.login.succeeded')).toBe(2);
  });

  it('accepts a code only once', async () => {
    const { user, code } = await unverifiedUserWithCode();
    expect((await verifyOtp(user.email, code)).statusCode).toBe(200);
    const again = await verifyOtp(user.email, code);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/Invalid or expired code/);
  });

  it('refuses a code after 10 minutes', async () => {
    const { user, code } = await unverifiedUserWithCode();
    clock.advance(10 * 60_000 + 1);
    expect((await verifyOtp(user.email, code)).statusCode).toBe(400);
  });

  it('burns the code after 5 wrong tries, even if the sixth is right', async () => {
    const { user, code } = await unverifiedUserWithCode();
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await verifyOtp(user.email, wrong)).statusCode).toBe(400);
    expect((await verifyOtp(user.email, code)).statusCode).toBe(400);
    expect(await auditCount(t, user.id, 'auth.login.failed')).toBe(6);
  });

  it('allows at most 5 tries even when guesses arrive together', async () => {
    const { user, code } = await unverifiedUserWithCode();
    const guesses = Array.from({ length: 8 }, (_, i) => String((Number(code) + i + 1) % 1_000_000).padStart(6, '0'));
    await Promise.all(guesses.map((g) => verifyOtp(user.email, g)));
    expect((await verifyOtp(user.email, code)).statusCode).toBe(400);
  });

  it('answers the same 400 for an unknown e-mail, and refuses malformed codes', async () => {
    const unknown = await verifyOtp('nobody@clinic.test', '123456');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/Invalid or expired code/);
    const { user } = await createUser(t.db, { verified: false });
    for (const otp of ['12345', '1234567', 'abcdef']) {
      const res = await verifyOtp(user.email, otp);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('otp: Code must be 6 digits');
    }
    expect((await post(t, '/api/v1/auth/verify-otp', { email: user.email })).json().message).toBe('otp: Code is required');
  });

  it('resends a new code that replaces the old one, at most once a minute', async () => {
    const { user, code } = await unverifiedUserWithCode();
    clock.advance(61_000);
    const res = await resend(user.email);
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(true);
    const mails = await emailsTo(t, user.email);
    expect(mails).toHaveLength(2);
    const fresh = codeIn(mails[1].text);
    // Too soon: same answer, nothing sent.
    expect((await resend(user.email)).json()).toEqual(res.json());
    expect(await emailsTo(t, user.email)).toHaveLength(2);
    if (fresh !== code) expect((await verifyOtp(user.email, code)).statusCode).toBe(400);
    expect((await verifyOtp(user.email, fresh)).statusCode).toBe(200);
  });

  it('sends at most 5 codes an hour to one account', async () => {
    const { user } = await unverifiedUserWithCode();
    for (let i = 0; i < 6; i++) {
      clock.advance(61_000);
      await resend(user.email);
    }
    expect(await emailsTo(t, user.email)).toHaveLength(5);
  });

  it('never starts a sign-in from the e-mail alone: no code for an account without a recent right password', async () => {
    const { user } = await createUser(t.db, { verified: false });
    const verified = await createUser(t.db);
    for (const email of [user.email, verified.user.email, 'nobody@clinic.test']) {
      const res = await resend(email);
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('If a sign-in is waiting for a code, a new code has been sent to your email.');
    }
    expect(await emailsTo(t, user.email)).toHaveLength(0);
    expect(await emailsTo(t, verified.user.email)).toHaveLength(0);
  });

  it('refuses the code of a deleted account', async () => {
    const { user, code } = await unverifiedUserWithCode();
    await t.db.update(users).set({ isDeleted: true }).where(eq(users.id, user.id));
    expect((await verifyOtp(user.email, code)).statusCode).toBe(400);
  });

  it('throttles resend per address with 429 and Retry-After', async () => {
    const ip = '203.0.113.80';
    let last = await resend('a@clinic.test', ip);
    for (let i = 0; i < 20; i++) last = await resend('a@clinic.test', ip);
    expect(last.statusCode).toBe(429);
    expect(last.headers['retry-after']).toBeTruthy();
  });
});
