import { REJECTION_REASON_LABELS, type TReceiptRequest } from '@courier/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { deliveries } from '../../db/schema/index.js';
import { conflict } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { deliveryLiveEvent, publishLiveEvent } from '../../platform/live-events.js';
import type { Services } from '../../services.js';
import type { DeliveryRow } from '../../shared/delivery-json.js';
import { recordHl7StatusMessage } from '../hl7-outbound/record-hl7-status.js';
import { recordWebhookEvent } from '../webhooks/record-webhook-event.js';
import { recordTaskNotification } from '../fhir-task/record-task-notifications.js';
import { appendHandlingEvent } from './custody.js';

export const RECEIPT_ALREADY = 'Receipt was already recorded for this delivery';
export const RECEIPT_NOT_DELIVERED = 'A receipt is recorded once the parcel is delivered';

export interface ReceiptBy {
  actorId: string | null;
  actorRole: string;
  ip?: string;
}

/**
 * The receiving end's answer on a delivered parcel, once, in the caller's transaction: the row changes only while
 * no receipt is recorded, so of two answers one wins and the other gets 409. The receipt, its custody event, audit
 * row, webhooks (every receipt; an exception for a rejection) and live event are written together; `within` adds
 * the caller's writes (who hears of a rejection). The time is the server's.
 */
export async function recordReceiptOnDelivery(
  tx: DbOrTx,
  services: Pick<Services, 'publicUrl' | 'clock'>,
  deliveryId: string,
  by: ReceiptBy,
  input: TReceiptRequest,
  within?: (tx: DbOrTx, row: DeliveryRow) => Promise<void>,
): Promise<DeliveryRow> {
  const now = services.clock.now();
  const reason = input.status === 'rejected' ? (input.reason ?? 'other') : null;
  const comment = input.comment ? input.comment : null;
  const [row] = await tx
    .update(deliveries)
    .set({
      receiptStatus: input.status,
      receiptReason: reason,
      receiptComment: comment,
      receiptReceivedBy: input.receivedBy,
      receiptReceivedAt: now,
      updatedAt: now,
    })
    .where(and(eq(deliveries.id, deliveryId), eq(deliveries.status, 'delivered'), isNull(deliveries.receiptStatus)))
    .returning();
  if (!row) {
    const [current] = await tx.select({ receiptStatus: deliveries.receiptStatus }).from(deliveries).where(eq(deliveries.id, deliveryId));
    throw conflict(current?.receiptStatus ? RECEIPT_ALREADY : RECEIPT_NOT_DELIVERED);
  }
  await appendHandlingEvent(
    tx,
    row,
    { id: by.actorId, role: by.actorRole },
    'receipt',
    (input.status === 'accepted'
      ? `Receipt: received in good condition by ${input.receivedBy}`
      : `Receipt: REJECTED by ${input.receivedBy} (${REJECTION_REASON_LABELS[reason ?? 'other']})`) + (comment ? `: ${comment}` : ''),
    now,
  );
  await recordAudit(
    tx,
    {
      actorId: by.actorId,
      action: 'delivery.receipt',
      targetType: 'delivery',
      targetId: row.id,
      ip: by.ip,
      details: { orderId: row.orderId, status: input.status, reason, comment },
    },
    now,
  );
  await recordWebhookEvent(tx, services, { type: 'delivery.receipt', delivery: row });
  await recordHl7StatusMessage(tx, row, 'receipt', now, input.status === 'accepted' ? 'received' : 'rejected');
  await within?.(tx, row);
  // After `within` (the piece results): the Task's output carries the receipt per specimen.
  await recordTaskNotification(tx, services, row);
  if (input.status === 'rejected') await recordWebhookEvent(tx, services, { type: 'delivery.exception', delivery: row });
  await publishLiveEvent(tx, deliveryLiveEvent('delivery.moved', row));
  return row;
}
