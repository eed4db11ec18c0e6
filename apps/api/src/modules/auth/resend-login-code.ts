import type { TMessageResponse } from '@courier/contract';
import type { TResendOtpRequest } from '@courier/contract';
import { and, eq, gt } from 'drizzle-orm';
import { authTokens, users } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import type { Anonymous } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { AUTH_POLICY } from '../../platform/auth-policy.js';
import { issueLoginCode } from './login-code.js';

export const CODE_RESENT = 'If a sign-in is waiting for a code, a new code has been sent to your email.';

/**
 * Sends a fresh sign-in code, but only to an unverified account that received one in the last hour
 * (after a right password): the e-mail alone never starts a sign-in. Always the same answer.
 */
export async function resendLoginCode(services: Services, caller: Anonymous, input: TResendOtpRequest): Promise<TMessageResponse> {
  const { ip } = caller;
  const { db, clock } = services;
  const now = clock.now();
  const sent = await db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.email, input.email)).limit(1);
    if (!user || user.isDeleted || user.isDisabled || user.emailVerifiedAt) return false;
    const [pending] = await tx
      .select({ id: authTokens.id })
      .from(authTokens)
      .where(
        and(
          eq(authTokens.userId, user.id),
          eq(authTokens.kind, 'login_otp'),
          gt(authTokens.createdAt, new Date(now.getTime() - AUTH_POLICY.loginCodeResendWindowMs)),
        ),
      )
      .limit(1);
    if (!pending) return false;
    const issued = await issueLoginCode(tx, user, now);
    if (issued)
      await recordAudit(tx, { actorId: user.id, action: 'auth.login_code.resent', targetType: 'user', targetId: user.id, ip }, now);
    return issued;
  });
  if (sent) services.outbox.kick();
  return { success: true as const, message: CODE_RESENT };
}
