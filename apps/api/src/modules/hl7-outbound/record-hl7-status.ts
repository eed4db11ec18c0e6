import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { hl7Orders, hl7OutboundMessages, hl7Senders } from '../../db/schema/index.js';
import { buildHl7StatusMessage, type THl7StatusEvent } from './hl7-status-message.js';

/**
 * A delivery booked from an HL7 order reached pickup, delivery or the lab's receipt: a status message for its
 * sender's engine, when the sender asked for this event, written inside the caller's transaction (it exists only
 * if the change commits). The outbox sends it after. Deliveries not booked over HL7 cost one indexed read.
 */
export async function recordHl7StatusMessage(
  tx: DbOrTx,
  delivery: { id: string; orderId: string; status: string },
  event: THl7StatusEvent,
  at: Date,
  status: string = delivery.status,
): Promise<void> {
  const orders = await tx
    .select({
      senderId: hl7Senders.id,
      sendingFacility: hl7Senders.sendingFacility,
      sendingApplication: hl7Orders.sendingApplication,
      version: hl7Orders.version,
      placerNumber: hl7Orders.placerNumber,
      fillerNumber: hl7Orders.fillerNumber,
    })
    .from(hl7Orders)
    .innerJoin(hl7Senders, eq(hl7Senders.id, hl7Orders.senderId))
    .where(
      and(
        eq(hl7Orders.deliveryId, delivery.id),
        isNull(hl7Senders.deletedAt),
        isNotNull(hl7Senders.outboundHost),
        sql`${hl7Senders.outboundEvents} @> ${JSON.stringify([event])}::jsonb`,
      ),
    );
  if (orders.length === 0) return;
  await tx.insert(hl7OutboundMessages).values(
    orders.map((o) => {
      const { controlId, message } = buildHl7StatusMessage({ ...o, event, status, at, trackingNumber: delivery.orderId });
      return {
        senderId: o.senderId,
        deliveryId: delivery.id,
        event,
        controlId,
        message: message.toString(),
        createdAt: at,
        nextAttemptAt: at,
      };
    }),
  );
}

/** The delivery statuses that send a status message, and as which event. */
export const HL7_EVENT_OF_STATUS: Readonly<Record<string, THl7StatusEvent>> = { picked_up: 'pickup', delivered: 'delivery' };
