import { MESSAGES, type TLoginRequest, type TPublicUser, type TLoginResponse } from '@courier/contract';
import { and, count, eq, gt, max } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { loginAttempts, users } from '../../db/schema/index.js';
import { AppError, unauthorized } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import type { Anonymous } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { AUTH_POLICY } from '../../platform/auth-policy.js';
import { issueLoginCode } from './login-code.js';
import { checkPassword } from '../../platform/passwords.js';
import { issueSession, type SessionTokens } from './sessions.js';
import { toPublicUser } from './user-response.js';

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const ACCOUNT_LOCKED = MESSAGES.login403;
export const VERIFY_EMAIL_FIRST = 'Please verify your email to sign in: we have sent a 6-digit code to your email address.';

type SignInOutcome = { kind: 'signed-in'; tokens: SessionTokens; user: TPublicUser } | { kind: 'verification-required'; email: string };

type Failure = 'invalid' | 'locked';

/** Failures of one e-mail from one address since the window opened or that address last signed in. */
async function failuresFromAddress(tx: Tx, email: string, ip: string, now: Date): Promise<number> {
  const sameAddress = and(eq(loginAttempts.email, email), eq(loginAttempts.ip, ip));
  const [lastSuccess] = await tx
    .select({ at: max(loginAttempts.createdAt) })
    .from(loginAttempts)
    .where(and(sameAddress, eq(loginAttempts.success, true)));
  const since = Math.max(now.getTime() - AUTH_POLICY.failureWindowMs, lastSuccess?.at?.getTime() ?? 0);
  const [row] = await tx
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(sameAddress, eq(loginAttempts.success, false), gt(loginAttempts.createdAt, new Date(since))));
  return row?.n ?? 0;
}

/** Many addresses guessing one e-mail: past the hourly limit, only an address that signed in to it lately may try. */
async function guessedFromEverywhere(tx: Tx, email: string, ip: string, now: Date): Promise<boolean> {
  const [failures] = await tx
    .select({ n: count() })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.email, email),
        eq(loginAttempts.success, false),
        gt(loginAttempts.createdAt, new Date(now.getTime() - AUTH_POLICY.accountFailureWindowMs)),
      ),
    );
  if ((failures?.n ?? 0) < AUTH_POLICY.accountFailuresPerHour) return false;
  const [trusted] = await tx
    .select({ n: count() })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.email, email),
        eq(loginAttempts.ip, ip),
        eq(loginAttempts.success, true),
        gt(loginAttempts.createdAt, new Date(now.getTime() - AUTH_POLICY.trustedAddressMs)),
      ),
    );
  return (trusted?.n ?? 0) === 0;
}

/**
 * Password sign-in. Unknown e-mail and wrong password cost the same argon2 work and answer the same
 * 401; failures count per e-mail and address together, known e-mail or not, so the 403 lock says nothing about
 * whether an account exists and nobody can lock the owner out from elsewhere (AUTH_POLICY). The right password
 * on an unverified e-mail sends a sign-in code instead of a session.
 */
export async function signIn(services: Services, caller: Anonymous, input: TLoginRequest): Promise<TLoginResponse> {
  const { ip } = caller;
  const { db, clock, jwtKey } = services;
  const [user] = await db.select().from(users).where(eq(users.email, input.email)).limit(1);
  const passwordOk = await checkPassword(user?.passwordHash, input.password);
  const now = clock.now();

  const outcome = await db.transaction(async (tx): Promise<SignInOutcome | Failure> => {
    const audit = (action: string, details?: Record<string, unknown>) =>
      recordAudit(tx, { actorId: user?.id ?? null, action, targetType: 'user', targetId: user?.id, ip, details }, now);
    // Locked out, known e-mail or not: not counted as a failure, so the lock ends on time; the right password does not open it.
    const locked =
      (await failuresFromAddress(tx, input.email, ip, now)) >= AUTH_POLICY.lockAfterFailures ||
      (await guessedFromEverywhere(tx, input.email, ip, now));
    if (locked) {
      await audit('auth.login.blocked', { email: input.email });
      return 'locked';
    }
    // Every failure does the same work (attempt row, audit row, failure count), so none answers faster.
    const fail = async (reason: string): Promise<Failure> => {
      await tx.insert(loginAttempts).values({ userId: user?.id ?? null, email: input.email, ip, success: false, createdAt: now });
      await audit('auth.login.failed', { email: input.email, reason });
      if ((await failuresFromAddress(tx, input.email, ip, now)) < AUTH_POLICY.lockAfterFailures) return 'invalid';
      await audit('auth.address.locked', { email: input.email });
      return 'locked';
    };
    if (!user || user.isDeleted) return fail(user ? 'deleted' : 'unknown_email');
    if (!passwordOk) return fail('wrong_password');
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
  if (outcome.kind === 'signed-in') {
    return { success: true as const, message: MESSAGES.loginSuccess, data: { ...outcome.tokens, user: outcome.user } };
  }
  services.outbox.kick();
  return {
    success: false as const,
    message: VERIFY_EMAIL_FIRST,
    error: 'VERIFICATION_REQUIRED' as const,
    data: { user: { email: outcome.email } },
  };
}
