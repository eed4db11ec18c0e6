import { MESSAGES, type TVerifyOtpRequest, type TLoginResponse } from '@courier/contract';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { authTokens, loginAttempts, users } from '../../db/schema/index.js';
import { badRequest } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import type { Anonymous } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { AUTH_POLICY } from '../../platform/auth-policy.js';
import { hashSecret, sameDigest } from '../../platform/one-time-secrets.js';
import { issueSession } from './sessions.js';
import { toPublicUser } from './user-response.js';

export const INVALID_CODE = 'Invalid or expired code. Please check the code or request a new one.';

/**
 * Signs in with the 6-digit code e-mailed after a right password on an unverified e-mail; the code
 * proves the address, so the e-mail becomes verified. Each try is spent before the comparison, so
 * parallel guesses cannot exceed five per code.
 */
export async function verifyLoginCode(services: Services, caller: Anonymous, input: TVerifyOtpRequest): Promise<TLoginResponse> {
  const { ip } = caller;
  const { db, clock, jwtKey } = services;
  const now = clock.now();
  const outcome = await db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.email, input.email)).limit(1);
    if (!user || user.isDeleted || user.isDisabled) return null;
    const [code] = await tx
      .select({ id: authTokens.id })
      .from(authTokens)
      .where(
        and(eq(authTokens.userId, user.id), eq(authTokens.kind, 'login_otp'), isNull(authTokens.usedAt), gt(authTokens.expiresAt, now)),
      )
      .orderBy(desc(authTokens.createdAt))
      .limit(1);
    const [spent] = code
      ? await tx
          .update(authTokens)
          .set({ attempts: sql`${authTokens.attempts} + 1` })
          .where(and(eq(authTokens.id, code.id), isNull(authTokens.usedAt), lt(authTokens.attempts, AUTH_POLICY.loginCodeMaxTries)))
          .returning({ tokenHash: authTokens.tokenHash })
      : [];
    if (!spent || !sameDigest(spent.tokenHash, hashSecret(input.otp))) {
      await recordAudit(
        tx,
        {
          actorId: user.id,
          action: 'auth.login.failed',
          targetType: 'user',
          targetId: user.id,
          ip,
          details: { method: 'otp', reason: spent ? 'wrong_code' : 'no_live_code' },
        },
        now,
      );
      return null;
    }
    const [claimed] = await tx
      .update(authTokens)
      .set({ usedAt: now })
      .where(and(eq(authTokens.id, code.id), isNull(authTokens.usedAt)))
      .returning({ id: authTokens.id });
    if (!claimed) return null;
    const [verified] = await tx
      .update(users)
      .set({ emailVerifiedAt: user.emailVerifiedAt ?? now, updatedAt: now })
      .where(eq(users.id, user.id))
      .returning();
    await tx.insert(loginAttempts).values({ userId: user.id, email: user.email, ip, success: true, createdAt: now });
    const tokens = await issueSession(tx, jwtKey, user, now);
    await recordAudit(
      tx,
      { actorId: user.id, action: 'auth.login.succeeded', targetType: 'user', targetId: user.id, ip, details: { method: 'otp' } },
      now,
    );
    return { tokens, user: toPublicUser(verified) };
  });
  if (!outcome) throw badRequest(INVALID_CODE, 'otp');
  return { success: true as const, message: MESSAGES.loginSuccess, data: { ...outcome.tokens, user: outcome.user } };
}
