import { MESSAGES, type TForgotPasswordRequest, type TMessageResponse } from '@courier/contract';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { authTokens, users } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import { enqueueEmail } from '../../platform/outbox.js';
import type { Anonymous } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { resetPasswordMessage } from './auth-emails.js';
import { AUTH_POLICY } from '../../platform/auth-policy.js';
import { issueLink } from './claim-link.js';

/**
 * E-mails a reset link (1 h, single use) to a live account; the caller answers the same success either
 * way. The link is built from PUBLIC_URL, never from the request's Host header.
 */
export async function requestPasswordReset(
  services: Services,
  caller: Anonymous,
  input: TForgotPasswordRequest,
): Promise<TMessageResponse> {
  const { ip } = caller;
  const { db, clock, publicUrl } = services;
  const now = clock.now();
  const sent = await db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.email, input.email)).limit(1);
    if (!user || user.isDeleted || user.isDisabled) return false;
    const [last] = await tx
      .select({ createdAt: authTokens.createdAt })
      .from(authTokens)
      .where(and(eq(authTokens.userId, user.id), eq(authTokens.kind, 'reset_password')))
      .orderBy(desc(authTokens.createdAt))
      .limit(1);
    // A second request within a minute sends nothing new: the link already sent still works.
    if (last && now.getTime() - last.createdAt.getTime() < AUTH_POLICY.resetEmailCooldownMs) return false;
    await tx
      .update(authTokens)
      .set({ usedAt: now })
      .where(and(eq(authTokens.userId, user.id), eq(authTokens.kind, 'reset_password'), isNull(authTokens.usedAt)));
    const token = await issueLink(tx, user.id, 'reset_password', AUTH_POLICY.resetPasswordTtlMs, now);
    const href = `${publicUrl}/auth/reset-password?token=${encodeURIComponent(token)}`;
    await enqueueEmail(tx, resetPasswordMessage(user.email, user.firstName, href), now);
    await recordAudit(tx, { actorId: user.id, action: 'auth.password_reset.requested', targetType: 'user', targetId: user.id, ip }, now);
    return true;
  });
  if (sent) services.outbox.kick();
  return { success: true as const, message: MESSAGES.forgotSuccess };
}
