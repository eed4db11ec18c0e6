import type { THl7OutboundMessage } from '@courier/contract';
import { desc, eq } from 'drizzle-orm';
import { hl7OutboundMessages } from '../../db/schema/index.js';
import { forbidden } from '../../platform/app-error.js';
import { type Actor, assertAudience, mayManageHl7Senders } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { findAccountSender } from './hl7-sender-json.js';

export const HL7_LOG_LIMIT = 100;

/** A sender's outbound status messages, newest first, with the engine's acknowledgement code. */
export async function listHl7Messages(services: Services, actor: Actor, input: { id: string }): Promise<THl7OutboundMessage[]> {
  assertAudience(actor, 'customer');
  if (!mayManageHl7Senders(actor)) throw forbidden('Only an account owner can manage HL7 senders');
  const sender = await findAccountSender(services.db, actor, input.id);
  const rows = await services.db
    .select()
    .from(hl7OutboundMessages)
    .where(eq(hl7OutboundMessages.senderId, sender.id))
    .orderBy(desc(hl7OutboundMessages.createdAt))
    .limit(HL7_LOG_LIMIT);
  return rows.map((r) => ({
    _id: r.id,
    deliveryId: r.deliveryId,
    event: r.event,
    controlId: r.controlId,
    status: r.status,
    attempts: r.attempts,
    ackCode: r.ackCode,
    lastError: r.lastError,
    createdAt: r.createdAt.toISOString(),
    sentAt: r.sentAt?.toISOString() ?? null,
  }));
}
