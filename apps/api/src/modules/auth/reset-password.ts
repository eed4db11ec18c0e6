import { MESSAGES, type TResetPasswordRequest, type TMessageResponse } from '@courier/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { authTokens, users } from '../../db/schema/index.js';
import { badRequest } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { enqueueEmail } from '../../platform/outbox.js';
import type { Anonymous } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { claimLink } from './claim-link.js';
import { passwordChangedMessage } from './auth-emails.js';
import { hashPassword } from '../../platform/passwords.js';
import { revokeSessions } from './sessions.js';

export const RESET_LINK_INVALID = 'This password reset link is invalid or has expired. Please request a new one.';

/**
 * Sets a new password from a reset link: the link is claimed once, every session is revoked, the lock
 * is lifted and the e-mail counts as verified (the link proved it).
 */
export async function resetPassword(services: Services, caller: Anonymous, input: TResetPasswordRequest): Promise<TMessageResponse> {
  const { ip } = caller;
  const { db, clock, publicUrl } = services;
  const passwordHash = await hashPassword(input.newPassword);
  const now = clock.now();
  const done = await db.transaction(async (tx) => {
    const userId = await claimLink(tx, input.token, 'reset_password', now);
    if (!userId) return false;
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!user || user.isDeleted || user.isDisabled) return false;
    await tx
      .update(users)
      .set({ passwordHash, lockedUntil: null, emailVerifiedAt: user.emailVerifiedAt ?? now, updatedAt: now })
      .where(eq(users.id, user.id));
    await tx
      .update(authTokens)
      .set({ usedAt: now })
      .where(and(eq(authTokens.userId, user.id), eq(authTokens.kind, 'reset_password'), isNull(authTokens.usedAt)));
    await revokeSessions(tx, user.id, now);
    await recordAudit(tx, { actorId: user.id, action: 'auth.password.reset', targetType: 'user', targetId: user.id, ip }, now);
    await enqueueEmail(tx, passwordChangedMessage(user.email, user.firstName, `${publicUrl}/auth/login`), now);
    return true;
  });
  if (!done) throw badRequest(RESET_LINK_INVALID, 'token');
  services.outbox.kick();
  return { success: true as const, message: MESSAGES.resetSuccess };
}
