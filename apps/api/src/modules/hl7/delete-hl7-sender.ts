import { eq } from 'drizzle-orm';
import { hl7Senders } from '../../db/schema/index.js';
import { forbidden } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { type Actor, assertAudience, mayManageHl7Senders } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { findAccountSender } from './hl7-sender-json.js';

/**
 * Removes a sender: its messages are refused (AR) from now on, its pending status messages are dropped. Deliveries
 * it booked stay, and so does their order log (its rows go with the sender; the deliveries keep their reference).
 */
export async function deleteHl7Sender(services: Services, actor: Actor, input: { id: string }): Promise<void> {
  assertAudience(actor, 'customer');
  if (!mayManageHl7Senders(actor)) throw forbidden('Only an account owner can manage HL7 senders');
  const now = services.clock.now();
  await services.db.transaction(async (tx) => {
    const own = await findAccountSender(tx, actor, input.id);
    await tx.delete(hl7Senders).where(eq(hl7Senders.id, own.id));
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
