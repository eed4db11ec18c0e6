import { eq } from 'drizzle-orm';
import { savedAddresses, users } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import type { Services } from '../../services.js';
import { revokeSessions } from '../auth/sessions.js';

/**
 * Closes the signed-in user's account: flagged deleted (never removed, so its deliveries stay in the
 * courier's records with their custody chain), every session revoked, sign-in refused from now on. The
 * address book goes: it is the customer's, not the courier's record.
 */
export async function deleteAccount(services: Services, userId: string, ip: string): Promise<void> {
  const { db, clock } = services;
  const now = clock.now();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ isDeleted: true, deletedAt: now, updatedAt: now })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    if (!row) return;
    await revokeSessions(tx, userId, now);
    await tx.delete(savedAddresses).where(eq(savedAddresses.ownerId, userId));
    await recordAudit(tx, { actorId: userId, action: 'account.deleted', targetType: 'user', targetId: userId, ip }, now);
  });
}
