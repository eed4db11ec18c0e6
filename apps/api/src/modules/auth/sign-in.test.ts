import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../db/seed/factories.js';
import { loginAttempts, users } from '../../db/schema/index.js';
import { fixedClock } from '../../platform/clock.js';
import { useTestApp } from '../../test/test-app.js';
import { auditCount, freshIp, login } from './test-support.js';

describe('POST /api/v1/auth/login', () => {
  const clock = fixedClock('2026-03-02T15:00:00Z');
  const t = useTestApp({ clock });

  it('signs a verified user in with a token, a refresh token and the public user shape', async () => {
    const { user, password } = await createUser(t.db, { email: 'signin@clinic.test' });
    const res = await login(t, 'SignIn@Clinic.test', password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: 'Login successful!' });
    expect(Object.keys(body.data).sort()).toEqual(['refreshToken', 'token', 'user']);
    expect(body.data.token.split('.')).toHaveLength(3);
    expect(body.data.refreshToken).toMatch(/^[\w-]{43}$/);
    expect(body.data.user).toEqual({
      _id: user.id,
      firstName: 'Alex',
      lastName: 'Morgan',
      email: 'signin@clinic.test',
      phone: '+16175550100',
      address: '55 Fruit St, Boston, MA 02114',
      accountType: 'hospital_clinic',
      organisation: '',
      picture: null,
      roleId: user.roleId,
      createdAt: user.createdAt.toISOString(),
      isDeleted: false,
      notificationPreferences: {
        emailUpdates: true,
        smsUpdates: false,
        marketingEmails: false,
        emailEvents: ['picked_up', 'delivered', 'cancelled', 'late', 'failed_attempt', 'reattempt', 'returning', 'returned'],
      },
      emailVerified: true,
    });
    expect(JSON.stringify(body)).not.toMatch(/argon2|passwordHash|lockedUntil/);
    expect(await auditCount(t, user.id, 'auth.login.succeeded')).toBe(1);
  });

  it('gives the role-specific roleId to staff and drivers', async () => {
    const { user, password } = await createUser(t.db, { role: 'DRIVER' });
    const res = await login(t, user.email, password);
    expect(res.json().data.user.roleId).toBe(user.roleId);
    expect(res.json().data.user.accountType).toBeNull();
  });

  it('answers the same 401 for a wrong password and for an unknown e-mail', async () => {
    const { user } = await createUser(t.db);
    const wrong = await login(t, user.email, 'Wrong#Pass1');
    const unknown = await login(t, 'nobody-here@clinic.test', 'Wrong#Pass1');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toMatchObject({ success: false, message: 'Invalid email or password' });
    expect(await auditCount(t, user.id, 'auth.login.failed')).toBe(1);
  });

  it('spends the same argon2 work on an unknown e-mail as on a wrong password', async () => {
    const { user } = await createUser(t.db);
    // CPU time of this process (argon2's worker threads included), so other load on the machine does not count.
    const time = async (email: string) => {
      const started = process.cpuUsage();
      await login(t, email, 'Wrong#Pass1');
      const used = process.cpuUsage(started);
      return used.user + used.system;
    };
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 9; i++) {
      wrong.push(await time(user.email));
      unknown.push(await time(`ghost-${i}@clinic.test`));
    }
    // Without the dummy hash an unknown e-mail answers in a fraction of the time.
    expect(median(unknown)).toBeGreaterThan(median(wrong) * 0.5);
    expect(median(unknown)).toBeLessThan(median(wrong) * 2);
  });

  it('records every attempt, success or failure, with its address', async () => {
    const { user, password } = await createUser(t.db);
    await login(t, user.email, 'Wrong#Pass1', '198.51.100.9');
    await login(t, user.email, password, '198.51.100.9');
    const rows = await t.db.select().from(loginAttempts).where(eq(loginAttempts.userId, user.id));
    expect(rows.map((r) => [r.success, r.ip])).toEqual([
      [false, '198.51.100.9'],
      [true, '198.51.100.9'],
    ]);
  });

  it('refuses missing fields and a malformed e-mail with 400 naming the field', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { password: 'x' } })).json().message).toBe(
      'email: Email is required',
    );
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: 'a@clinic.test' } })).json().message).toBe(
      'password: Password is required',
    );
    const malformed = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: 'not-mail', password: 'x' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('email: Email must be a valid e-mail address');
  });

  it('locks an address out of an account after 10 failures from it in 15 minutes, with the lockout 403', async () => {
    const { user, password } = await createUser(t.db);
    const ip = freshIp();
    for (let i = 0; i < 9; i++) {
      clock.advance(30_000);
      expect((await login(t, user.email, 'Wrong#Pass1', ip)).statusCode).toBe(401);
    }
    const tenth = await login(t, user.email, 'Wrong#Pass1', ip);
    expect(tenth.statusCode).toBe(403);
    expect(tenth.json()).toMatchObject({ success: false, message: 'Your account has been locked. Please contact support.' });
    expect(await auditCount(t, user.id, 'auth.address.locked')).toBe(1);

    // Even the right password does not open it early, and tries during the lock do not extend it.
    clock.advance(5 * 60_000);
    expect((await login(t, user.email, password, ip)).statusCode).toBe(403);
    expect((await login(t, user.email, 'Wrong#Pass1', ip)).statusCode).toBe(403);
    expect(await auditCount(t, user.id, 'auth.login.blocked')).toBe(2);

    clock.advance(10 * 60_000 + 1000);
    // After the lock, one more mistake is one mistake, not a new lock.
    expect((await login(t, user.email, 'Wrong#Pass1', ip)).statusCode).toBe(401);
    expect((await login(t, user.email, password, ip)).statusCode).toBe(200);
  });

  it('keeps the owner signing in from another address while one address is locked out', async () => {
    const { user, password } = await createUser(t.db);
    const attacker = freshIp();
    for (let i = 0; i < 10; i++) await login(t, user.email, 'Wrong#Pass1', attacker);
    expect((await login(t, user.email, password, attacker)).statusCode).toBe(403);
    const owner = await login(t, user.email, password, freshIp());
    expect(owner.statusCode).toBe(200);
    expect(owner.json().success).toBe(true);
  });

  it('answers a known and an unknown e-mail with the same statuses and bodies, lock included', async () => {
    const { user } = await createUser(t.db);
    const sequence = async (email: string) => {
      const ip = freshIp();
      const answers: Array<[number, unknown]> = [];
      for (let i = 0; i < 12; i++) {
        const res = await login(t, email, 'Wrong#Pass1', ip);
        answers.push([res.statusCode, res.json()]);
      }
      return answers;
    };
    const known = await sequence(user.email);
    const unknown = await sequence('nobody-at-all@clinic.test');
    expect(unknown).toEqual(known);
    expect(known.map(([status]) => status)).toEqual([...Array(9).fill(401), 403, 403, 403]);
  });

  it('does not lock for 10 failures spread over more than 15 minutes', async () => {
    const { user } = await createUser(t.db);
    const ip = freshIp();
    for (let i = 0; i < 10; i++) {
      clock.advance(2 * 60_000);
      expect((await login(t, user.email, 'Wrong#Pass1', ip)).statusCode).toBe(401);
    }
  });

  it('starts counting again after a successful sign-in from that address', async () => {
    const { user, password } = await createUser(t.db);
    const ip = freshIp();
    const attempt = (p: string) => {
      clock.advance(1000);
      return login(t, user.email, p, ip);
    };
    for (let i = 0; i < 9; i++) expect((await attempt('Wrong#Pass1')).statusCode).toBe(401);
    expect((await attempt(password)).statusCode).toBe(200);
    for (let i = 0; i < 9; i++) expect((await attempt('Wrong#Pass1')).statusCode).toBe(401);
    expect((await attempt('Wrong#Pass1')).statusCode).toBe(403);
  });

  it('after 100 failures in an hour from many addresses, lets only addresses that signed in lately try', async () => {
    const { user, password } = await createUser(t.db);
    const home = freshIp();
    expect((await login(t, user.email, password, home)).statusCode).toBe(200);
    for (let i = 0; i < 100; i++) {
      if (i % 50 === 0) clock.advance(60_000);
      // Eleven addresses, none reaching its own lock (9 tries each at most).
      expect((await login(t, user.email, 'Wrong#Pass1', `198.18.${Math.floor(i / 9)}.1`)).statusCode).toBe(401);
    }
    const stranger = await login(t, user.email, password, freshIp());
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().message).toBe('Your account has been locked. Please contact support.');
    expect((await login(t, user.email, password, home)).statusCode).toBe(200);
    // An hour on, the failures have aged out.
    clock.advance(61 * 60_000);
    expect((await login(t, user.email, password, freshIp())).statusCode).toBe(200);
  });

  it('refuses a deleted account as if unknown, and a disabled one with the lock message', async () => {
    const deleted = await createUser(t.db);
    await t.db.update(users).set({ isDeleted: true }).where(eq(users.id, deleted.user.id));
    const res = await login(t, deleted.user.email, deleted.password);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Invalid email or password');

    const disabled = await createUser(t.db);
    await t.db.update(users).set({ isDisabled: true }).where(eq(users.id, disabled.user.id));
    const right = await login(t, disabled.user.email, disabled.password);
    expect(right.statusCode).toBe(403);
    expect(right.json().message).toBe('Your account has been locked. Please contact support.');
    // A wrong password on a disabled account says nothing about it.
    expect((await login(t, disabled.user.email, 'Wrong#Pass1')).statusCode).toBe(401);
  });

  it('answers 429 with Retry-After after 100 attempts in 15 minutes from one address', async () => {
    const ip = '203.0.113.50';
    for (let i = 0; i < 100; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: `x${i}@clinic.test` },
        remoteAddress: ip,
      });
      expect(res.statusCode).toBe(400);
    }
    const res = await login(t, 'someone@clinic.test', 'Whatever#1', ip);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'Too many login attempts. Please try again later.',
      error: 'RATE_LIMITED',
    });
    // A colleague at another address still signs in.
    const { user, password } = await createUser(t.db);
    expect((await login(t, user.email, password, freshIp())).statusCode).toBe(200);
  });
});
