import { AUTH_ERRORS, MESSAGES, type TChangePasswordRequest, type TMessageResponse } from '@courier/contract';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import { badRequest, forbidden, unauthorized } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { enqueueEmail } from '../../platform/outbox.js';
import type { Services } from '../../services.js';
import { type Actor, mayUseOwnAccount } from '../../platform/policy.js';
import { passwordChangedMessage } from './auth-emails.js';
import { checkPassword, hashPassword } from '../../platform/passwords.js';
import { revokeSessions } from './sessions.js';

export const CURRENT_PASSWORD_WRONG = 'Current password is incorrect';
export const SAME_PASSWORD = 'New password must be different from the current password';

/**
 * Changes the password of the signed-in user after checking the current one; every other session is
 * revoked, the caller's own (`sessionId`, from its access token) is kept.
 */
export async function changePassword(
  services: Services,
  actor: Actor & { sessionId?: string },
  input: TChangePasswordRequest,
): Promise<TMessageResponse> {
  if (!mayUseOwnAccount(actor)) throw forbidden();
  const { ip } = actor;
  const { db, clock, publicUrl } = services;
  const [user] = await db.select().from(users).where(eq(users.id, actor.id)).limit(1);
  if (!user) throw unauthorized(AUTH_ERRORS.invalid);
  const now = clock.now();
  if (!(await checkPassword(user.passwordHash, input.currentPassword))) {
    await recordAudit(
      db,
      {
        actorId: user.id,
        action: 'auth.password_change.failed',
        targetType: 'user',
        targetId: user.id,
        ip,
        details: { reason: 'wrong_current_password' },
      },
      now,
    );
    // 400, not 401: the session is fine, only the field is wrong.
    throw badRequest(CURRENT_PASSWORD_WRONG, 'currentPassword');
  }
  if (input.newPassword === input.currentPassword) throw badRequest(SAME_PASSWORD, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
    await revokeSessions(tx, user.id, now, actor.sessionId);
    await recordAudit(tx, { actorId: user.id, action: 'auth.password.changed', targetType: 'user', targetId: user.id, ip }, now);
    await enqueueEmail(tx, passwordChangedMessage(user.email, user.firstName, `${publicUrl}/auth/login`), now);
  });
  services.outbox.kick();
  return { success: true as const, message: MESSAGES.passwordChanged };
}
