import { MESSAGES } from '@courier/contract';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { authTokens, users } from '../../db/schema/index.js';
import { badRequest } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import type { Anonymous } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import type { TMessageResponse } from './auth.schemas.js';
import { hashSecret } from './one-time-secrets.js';

export const VERIFY_LINK_INVALID = 'This verification link is invalid or has expired. Sign in to receive a new code.';

/** Follows the sign-up link (24 h, single use): the e-mail becomes verified. */
export async function verifyEmail(services: Services, caller: Anonymous, input: { token?: string }): Promise<TMessageResponse> {
  const { ip } = caller;
  const { token } = input;
  if (!token?.trim()) throw badRequest(MESSAGES.verifyTokenMissing, 'token');
  const { db, clock } = services;
  const now = clock.now();
  const done = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(authTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(authTokens.tokenHash, hashSecret(token.trim())),
          eq(authTokens.kind, 'verify_email'),
          isNull(authTokens.usedAt),
          gt(authTokens.expiresAt, now),
        ),
      )
      .returning({ userId: authTokens.userId });
    if (!claimed) return false;
    const [user] = await tx.select().from(users).where(eq(users.id, claimed.userId)).limit(1);
    if (!user || user.isDeleted) return false;
    if (!user.emailVerifiedAt) {
      await tx.update(users).set({ emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, user.id));
      await recordAudit(tx, { actorId: user.id, action: 'auth.email.verified', targetType: 'user', targetId: user.id, ip }, now);
    }
    return true;
  });
  if (!done) throw badRequest(VERIFY_LINK_INVALID, 'token');
  return { success: true as const, message: MESSAGES.verifySuccess };
}
