import { MESSAGES, type TLoginRequest, type TPublicUser } from '@courier/contract';
import { and, count, eq, gt, max } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { loginAttempts, users } from '../../db/schema/index.js';
import { AppError, unauthorized } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import type { Services } from '../../services.js';
import { AUTH_POLICY } from './auth-policy.js';
import { issueLoginCode } from './login-code.js';
import { checkPassword } from './passwords.js';
import { issueSession, type SessionTokens } from './sessions.js';
import { toPublicUser } from './user-response.js';

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const ACCOUNT_LOCKED = MESSAGES.login403;
export const VERIFY_EMAIL_FIRST = 'Please verify your email to sign in: we have sent a 6-digit code to your email address.';

export type SignInOutcome =
  | { kind: 'signed-in'; tokens: SessionTokens; user: TPublicUser }
  | { kind: 'verification-required'; email: string };

type Failure = 'invalid' | 'locked';

/** Stands in for the account of an unknown e-mail in the failure count: matches nothing, costs the same. */
const NO_USER = '00000000-0000-0000-0000-000000000000';

/** Failed attempts since the window opened, the last success, or the end of the last lock. */
async function recentFailures(tx: Tx, userId: string, now: Date, lockedUntil: Date | null): Promise<number> {
  const [lastSuccess] = await tx
    .select({ at: max(loginAttempts.createdAt) })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.userId, userId), eq(loginAttempts.success, true)));
  const since = Math.max(now.getTime() - AUTH_POLICY.failureWindowMs, lastSuccess?.at?.getTime() ?? 0, lockedUntil?.getTime() ?? 0);
  const [row] = await tx
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.userId, userId), eq(loginAttempts.success, false), gt(loginAttempts.createdAt, new Date(since))));
  return row?.n ?? 0;
}

/**
 * Password sign-in. Unknown e-mail and wrong password cost the same argon2 work and answer the same
 * 401; ten failures in fifteen minutes lock the account for fifteen minutes; the right password on an
 * unverified e-mail sends a sign-in code instead of a session.
 */
export async function signIn(services: Services, input: TLoginRequest, ip: string): Promise<SignInOutcome> {
  const { db, clock, jwtKey } = services;
  const [user] = await db.select().from(users).where(eq(users.email, input.email)).limit(1);
  const passwordOk = await checkPassword(user?.passwordHash, input.password);
  const now = clock.now();

  const outcome = await db.transaction(async (tx): Promise<SignInOutcome | Failure> => {
    const audit = (action: string, details?: Record<string, unknown>) =>
      recordAudit(tx, { actorId: user?.id ?? null, action, targetType: 'user', targetId: user?.id, ip, details }, now);
    // Every failure does the same work (attempt row, audit row, failure count), so none answers faster.
    const fail = async (reason: string) => {
      await tx.insert(loginAttempts).values({ userId: user?.id ?? null, email: input.email, ip, success: false, createdAt: now });
      await audit('auth.login.failed', { email: input.email, reason });
      return recentFailures(tx, user?.id ?? NO_USER, now, user?.lockedUntil ?? null);
    };
    if (!user || user.isDeleted) {
      await fail(user ? 'deleted' : 'unknown_email');
      return 'invalid';
    }
    if (user.lockedUntil && user.lockedUntil > now) {
      // Not counted as a failure, so the lock ends on time; the right password does not open it early.
      await audit('auth.login.blocked', { lockedUntil: user.lockedUntil.toISOString() });
      return 'locked';
    }
    if (!passwordOk) {
      if ((await fail('wrong_password')) < AUTH_POLICY.lockAfterFailures) return 'invalid';
      const lockedUntil = new Date(now.getTime() + AUTH_POLICY.lockMs);
      await tx.update(users).set({ lockedUntil, updatedAt: now }).where(eq(users.id, user.id));
      await audit('auth.account.locked', { lockedUntil: lockedUntil.toISOString() });
      return 'locked';
    }
    if (user.isDisabled) {
      await fail('disabled');
      return 'locked';
    }
    await tx.insert(loginAttempts).values({ userId: user.id, email: input.email, ip, success: true, createdAt: now });
    if (!user.emailVerifiedAt) {
      const codeSent = await issueLoginCode(tx, user, now);
      await audit('auth.login.verification_required', { codeSent });
      return { kind: 'verification-required', email: user.email };
    }
    const tokens = await issueSession(tx, jwtKey, user, now);
    await audit('auth.login.succeeded', { method: 'password' });
    return { kind: 'signed-in', tokens, user: toPublicUser(user) };
  });

  if (outcome === 'invalid') throw unauthorized(INVALID_CREDENTIALS);
  if (outcome === 'locked') throw new AppError('FORBIDDEN', ACCOUNT_LOCKED);
  if (outcome.kind === 'verification-required') services.outbox.kick();
  return outcome;
}
