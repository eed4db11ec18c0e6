import { MESSAGES } from '@courier/contract';
import { eq } from 'drizzle-orm';
import { savedAddresses, users } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import { forbidden } from '../../platform/app-error.js';
import { type Actor, mayUseOwnAccount } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { revokeSessions } from '../auth/sessions.js';
import { refuseLastSuperAdmin, refuseWhileParcelsOnBoard } from './account-guards.js';

/**
 * Closes the signed-in user's account: flagged deleted (never removed, so its deliveries stay in the
 * courier's records with their custody chain), every session revoked, sign-in refused from now on. The
 * address book goes: it is the customer's, not the courier's record.
 */
export async function deleteAccount(services: Services, actor: Actor) {
  if (!mayUseOwnAccount(actor)) throw forbidden();
  const { db, clock } = services;
  const userId = actor.id;
  const now = clock.now();
  await db.transaction(async (tx) => {
    await refuseLastSuperAdmin(tx, userId);
    if (actor.role === 'DRIVER') await refuseWhileParcelsOnBoard(tx, userId, 'deleted');
    const [row] = await tx
      .update(users)
      .set({ isDeleted: true, deletedAt: now, updatedAt: now })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    if (!row) return;
    await revokeSessions(tx, userId, now);
    await tx.delete(savedAddresses).where(eq(savedAddresses.ownerId, userId));
    await recordAudit(tx, { actorId: userId, action: 'account.deleted', targetType: 'user', targetId: userId, ip: actor.ip }, now);
  });
  return { success: true as const, message: MESSAGES.accountDeleted };
}
