import { and, eq } from 'drizzle-orm';
import { hl7OutboundMessages, hl7Senders } from '../../db/schema/index.js';
import { forbidden } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { type Actor, assertAudience, mayManageHl7Senders } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { findAccountSender } from './hl7-sender-json.js';

/**
 * Removes a sender (soft: `deleted_at`): its messages are refused (AR) from now on, its pending status messages are
 * dropped. Its order log stays, so a facility registered again answers a control id sent again with the original ACK.
 */
export async function deleteHl7Sender(services: Services, actor: Actor, input: { id: string }): Promise<void> {
  assertAudience(actor, 'customer');
  if (!mayManageHl7Senders(actor)) throw forbidden('Only an account owner can manage HL7 senders');
  const now = services.clock.now();
  await services.db.transaction(async (tx) => {
    const own = await findAccountSender(tx, actor, input.id);
    await tx.update(hl7Senders).set({ deletedAt: now }).where(eq(hl7Senders.id, own.id));
    await tx.delete(hl7OutboundMessages).where(and(eq(hl7OutboundMessages.senderId, own.id), eq(hl7OutboundMessages.status, 'pending')));
    await recordAudit(
      tx,
      {
        actorId: actor.id,
        action: 'hl7_sender.delete',
        targetType: 'hl7_sender',
        targetId: own.id,
        ip: actor.ip,
        details: { sendingFacility: own.sendingFacility },
      },
      now,
    );
  });
}
