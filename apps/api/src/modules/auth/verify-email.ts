import { MESSAGES, type TMessageResponse } from '@courier/contract';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import { badRequest } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import type { Anonymous } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { claimLink } from './claim-link.js';

export const VERIFY_LINK_INVALID = 'This verification link is invalid or has expired. Sign in to receive a new code.';

/** Follows the sign-up link (24 h, single use): the e-mail becomes verified. */
export async function verifyEmail(services: Services, caller: Anonymous, input: { token?: string }): Promise<TMessageResponse> {
  const { ip } = caller;
  const { token } = input;
  if (!token?.trim()) throw badRequest(MESSAGES.verifyTokenMissing, 'token');
  const { db, clock } = services;
  const now = clock.now();
  const done = await db.transaction(async (tx) => {
    const userId = await claimLink(tx, token.trim(), 'verify_email', now);
    if (!userId) return false;
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
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
