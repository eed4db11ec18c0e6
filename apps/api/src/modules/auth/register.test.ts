import { ROLE_IDS } from '@courier/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authTokens, users } from '../../db/schema/index.js';
import { fixedClock } from '../../platform/clock.js';
import { type TestApp, useTestApp } from '../../test/test-app.js';
import { auditActions, emailsTo, lastEmailTo, linkToken, login, post, registration } from './test-support.js';

const register = (t: TestApp, body: unknown, ip?: string) => post(t, '/api/v1/auth/register', body, {}, ip);

describe('POST /api/v1/auth/register', () => {
  const clock = fixedClock('2026-03-02T15:00:00Z');
  const t = useTestApp({ clock });

  it('creates an unverified CUSTOMER and answers only that the account was created', async () => {
    const body = registration();
    const res = await register(t, body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success: true, message: 'Account created. Please check your email to verify your account.' });
    const [row] = await t.db.select().from(users).where(eq(users.email, body.email));
    expect(row).toMatchObject({
      firstName: 'Dana',
      lastName: 'Reyes',
      phone: '(617) 555-0142',
      accountType: 'hospital_clinic',
      roleId: ROLE_IDS.CUSTOMER,
      emailVerifiedAt: null,
      isDeleted: false,
    });
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await auditActions(t, row.id)).toContain('account.registered');
  });

  it('keeps the organisation given at sign-up (optional: none is an empty one)', async () => {
    const clinic = registration({ organisation: '  Northside Clinic ' });
    expect((await register(t, clinic)).statusCode).toBe(201);
    const [row] = await t.db.select({ organisation: users.organisation }).from(users).where(eq(users.email, clinic.email));
    expect(row.organisation).toBe('Northside Clinic');
    const bare = registration();
    expect((await register(t, bare)).statusCode).toBe(201);
    const [none] = await t.db.select({ organisation: users.organisation }).from(users).where(eq(users.email, bare.email));
    expect(none.organisation).toBe('');
    const long = await register(t, registration({ organisation: 'x'.repeat(121) }));
    expect(long.statusCode).toBe(400);
    expect(long.json().field).toBe('organisation');
  });

  it('makes a CUSTOMER even when an admin roleId is sent', async () => {
    for (const roleId of [ROLE_IDS.SUPER_ADMIN, ROLE_IDS.ADMIN, ROLE_IDS.DRIVER, { _id: ROLE_IDS.ADMIN }]) {
      const body = registration({ roleId });
      expect((await register(t, body)).statusCode).toBe(201);
      const [row] = await t.db.select({ roleId: users.roleId }).from(users).where(eq(users.email, body.email));
      expect(row.roleId).toBe(ROLE_IDS.CUSTOMER);
    }
  });

  it('stores the e-mail in lower case, so it stays unique whatever the case', async () => {
    const body = registration({ email: 'Mixed.Case@Clinic.test' });
    expect((await register(t, body)).statusCode).toBe(201);
    await register(t, registration({ email: 'MIXED.CASE@clinic.TEST' }));
    expect(await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'mixed.case@clinic.test'))).toHaveLength(1);
  });

  it('answers a sign-up with a registered e-mail exactly as a new one, and makes no second account', async () => {
    const known = registration();
    await register(t, known);
    const fresh = await register(t, registration());
    const again = await register(t, { ...registration(), email: known.email.toUpperCase(), firstName: 'Mallory' });
    expect(again.statusCode).toBe(fresh.statusCode);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(fresh.body);
    expect(again.headers['content-type']).toBe(fresh.headers['content-type']);
    const rows = await t.db.select().from(users).where(eq(users.email, known.email));
    expect(rows).toHaveLength(1);
    expect(rows[0].firstName).toBe('Dana');
  });

  it('e-mails the owner that someone tried to sign up with their address, with a sign-in and a reset link', async () => {
    const known = registration();
    await register(t, known);
    await register(t, { ...registration(), email: known.email });
    const mails = await emailsTo(t, known.email);
    // Both carry the same (fixed) time, so the outbox may send them in either order.
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'Someone tried to sign up with your MedCourier e-mail',
      'Verify your MedCourier e-mail',
    ]);
    const notice = mails.find((m) => m.subject.startsWith('Someone tried'));
    if (!notice) throw new Error('no notice sent');
    expect(notice.text).toContain('http://courier.test/auth/login');
    expect(notice.text).toContain('http://courier.test/auth/request-password');
    expect(notice.text).not.toMatch(/token=/);
    // Once per quarter hour at most, whatever the number of tries.
    await register(t, { ...registration(), email: known.email });
    expect(await emailsTo(t, known.email)).toHaveLength(2);
    clock.advance(16 * 60_000);
    await register(t, { ...registration(), email: known.email });
    expect(await emailsTo(t, known.email)).toHaveLength(3);
  });

  it('lets only one of two simultaneous sign-ups with one e-mail make an account, both answered alike', async () => {
    const body = registration();
    const results = await Promise.all([register(t, body), register(t, { ...body, firstName: 'Other' })]);
    expect(results.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(await t.db.select({ id: users.id }).from(users).where(eq(users.email, body.email))).toHaveLength(1);
  });

  it('e-mails a single-use verification link to PUBLIC_URL/auth/verify-email', async () => {
    const body = registration();
    await register(t, body);
    const mail = await lastEmailTo(t, body.email);
    expect(mail?.subject).toBe('Verify your MedCourier e-mail');
    expect(mail?.text).toContain('http://courier.test/auth/verify-email?token=');
    expect(mail?.html).toContain('http://courier.test/auth/verify-email?token=');
    const token = linkToken(mail?.text ?? '', '/auth/verify-email');
    // Only the hash is stored.
    const [row] = await t.db.select().from(users).where(eq(users.email, body.email));
    const stored = await t.db.select().from(authTokens).where(eq(authTokens.userId, row.id));
    expect(stored).toHaveLength(1);
    expect(stored[0].tokenHash).not.toContain(token);
    expect(stored[0].expiresAt.getTime() - clock.now().getTime()).toBe(24 * 3600_000);
  });

  it.each([
    ['email', 'email: Email is required'],
    ['firstName', 'firstName: First name is required'],
    ['lastName', 'lastName: Last name is required'],
    ['phone', 'phone: Phone is required'],
    ['password', 'password: Password is required'],
    ['address', 'address: Address is required'],
    ['accountType', 'accountType: Account type must be one of'],
  ])('refuses a sign-up without %s, naming the field', async (field, message) => {
    const body: Record<string, unknown> = registration();
    delete body[field];
    const res = await register(t, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it('refuses blank names and address', async () => {
    const res = await register(t, registration({ firstName: '   ' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('firstName: First name is required');
  });

  it.each(['not-an-email', 'a@b', 'two@@clinic.test', 'spaces in@clinic.test'])('refuses the malformed e-mail %s', async (email) => {
    const res = await register(t, registration({ email }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('email: Email must be a valid e-mail address');
  });

  it.each([
    ['Sh#1a', 'Password must be at least 8 characters long'],
    ['courier#2026', 'Password must contain at least one uppercase letter'],
    ['Courier2026', 'Password must contain at least one special character (!@#$%^&)'],
    ['Courier#Pass', 'Password must contain at least one number'],
  ])('refuses the weak password %s with the sign-up message', async (password, message) => {
    const res = await register(t, registration({ password }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`password: ${message}`);
  });

  it.each(['5', 'call me', '+0123456789', '1234567890123456789'])('refuses the phone %s', async (phone) => {
    const res = await register(t, registration({ phone }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('phone: Phone must be a valid phone number');
  });

  it.each(['other', 'ADMIN', ''])('refuses the account type %j', async (accountType) => {
    const res = await register(t, registration({ accountType }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(
      /^accountType: Account type must be one of health_care_provider, medical_laboratory, pharmacy, hospital_clinic/,
    );
  });

  it('accepts each of the four account types', async () => {
    for (const accountType of ['health_care_provider', 'medical_laboratory', 'pharmacy', 'hospital_clinic']) {
      expect((await register(t, registration({ accountType }))).statusCode).toBe(201);
    }
  });

  it('cannot sign in before the e-mail is verified, but is told to verify', async () => {
    const body = registration();
    await register(t, body);
    const res = await login(t, body.email, body.password);
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(false);
    expect(res.json().message).toMatch(/verify/);
  });

  it('throttles sign-up per address: about 20 an hour, then 429 with Retry-After', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < 20; i++) {
      // Invalid bodies count too: the limit is checked before anything else.
      expect((await register(t, { email: 'x' }, ip)).statusCode).toBe(400);
    }
    const res = await register(t, registration(), ip);
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeTruthy();
    expect(res.json()).toMatchObject({ success: false, error: 'RATE_LIMITED' });
    // Another address is not affected.
    expect((await register(t, registration(), '192.0.2.78')).statusCode).toBe(201);
  });
});
