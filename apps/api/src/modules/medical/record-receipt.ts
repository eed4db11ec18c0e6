import {
  REJECTION_REASON_LABELS,
  type TAdminDeliveryResponse,
  type TReceiptPage,
  type TReceiptRequest,
  type TSpecimenCategory,
  type TTemperatureClass,
} from '@courier/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { deliveries, proofsOfDelivery } from '../../db/schema/index.js';
import { conflict, notFound } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { deliveryLiveEvent, publishLiveEvent } from '../../platform/live-events.js';
import { type Actor, type Anonymous, assertAudience } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { appendHandlingEvent } from '../deliveries/custody.js';
import { findDeliveryRow } from '../deliveries/move-delivery.js';
import { toDispatchDeliveryJson } from '../dispatch/dispatch-reply.js';
import { recordWebhookEvent } from '../webhooks/record-webhook-event.js';
import { sendMedicalMessages } from './medical-messages.js';
import { readReceiptToken } from '../../shared/receipt-token.js';

export const RECEIPT_LINK_INVALID = 'This receipt link is not valid';
export const RECEIPT_LINK_EXPIRED = 'This receipt link has expired (links work for 7 days after delivery)';
export const RECEIPT_ALREADY = 'Receipt was already recorded for this delivery';
export const RECEIPT_NOT_DELIVERED = 'A receipt is recorded once the parcel is delivered';

/**
 * Records the receiving end's answer once: the row changes only while no receipt is recorded, so of two
 * answers one wins and the other gets 409. The receipt, its custody event and audit row, and for a
 * rejection the flag for dispatch and the owner's message, commit together. The time is the server's.
 */
async function recordReceipt(
  services: Services,
  deliveryId: string,
  by: { actorId: string | null; actorRole: string; ip?: string },
  input: TReceiptRequest,
) {
  const now = services.clock.now();
  const reason = input.status === 'rejected' ? (input.reason ?? 'other') : null;
  await services.db.transaction(async (tx) => {
    const [row] = await tx
      .update(deliveries)
      .set({
        receiptStatus: input.status,
        receiptReason: reason,
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
      input.status === 'accepted'
        ? `Receipt: received in good condition by ${input.receivedBy}`
        : `Receipt: REJECTED by ${input.receivedBy} (${REJECTION_REASON_LABELS[reason ?? 'other']})`,
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
        details: { orderId: row.orderId, status: input.status, reason },
      },
      now,
    );
    await recordWebhookEvent(tx, services, { type: 'delivery.receipt', delivery: row });
    if (input.status === 'rejected') {
      await sendMedicalMessages(tx, services, row, 'rejected', now);
      await recordWebhookEvent(tx, services, { type: 'delivery.exception', delivery: row });
    }
    await publishLiveEvent(tx, deliveryLiveEvent('delivery.moved', row));
  });
  services.outbox.kick();
}

async function deliveryOfToken(services: Services, token: string) {
  const read = readReceiptToken(services.jwtKey, token, services.clock.now());
  if (!read) throw notFound(RECEIPT_LINK_INVALID);
  if (read.expired) throw notFound(RECEIPT_LINK_EXPIRED);
  const [d] = await services.db
    .select({ delivery: deliveries, deliveredAt: proofsOfDelivery.capturedAt })
    .from(deliveries)
    .leftJoin(proofsOfDelivery, eq(proofsOfDelivery.deliveryId, deliveries.id))
    .where(eq(deliveries.id, read.deliveryId));
  if (!d) throw notFound(RECEIPT_LINK_INVALID);
  return d;
}

/** GET /receipts/{token}: only what the receiving lab needs to find the parcel (no names, no addresses). */
export async function readReceiptPage(services: Services, _caller: Anonymous, input: { token: string }): Promise<TReceiptPage> {
  const { delivery: d, deliveredAt } = await deliveryOfToken(services, input.token);
  return {
    success: true,
    data: {
      orderId: d.orderId,
      deliveredAt: deliveredAt?.toISOString() ?? null,
      temperature: d.temperature as TTemperatureClass,
      specimenCategory: (d.specimenCategory as TSpecimenCategory | null) ?? null,
      receipt:
        d.receiptStatus && d.receiptReceivedAt
          ? {
              status: d.receiptStatus as 'accepted' | 'rejected',
              reason: d.receiptReason,
              receivedBy: d.receiptReceivedBy ?? '',
              receivedAt: d.receiptReceivedAt.toISOString(),
            }
          : null,
    },
  };
}

/** POST /receipts/{token}: the receiver's answer, once. */
export async function submitReceipt(
  services: Services,
  caller: Anonymous,
  input: TReceiptRequest & { token: string },
): Promise<TReceiptPage> {
  const { delivery: d } = await deliveryOfToken(services, input.token);
  await recordReceipt(services, d.id, { actorId: null, actorRole: 'RECEIVER', ip: caller.ip }, input);
  return readReceiptPage(services, caller, input);
}

/** POST /admin/deliveries/{id}/receipt: staff record what the lab told them (by phone, on paper). */
export async function recordReceiptForLab(
  services: Services,
  actor: Actor,
  input: TReceiptRequest & { idOrTrackingNumber: string },
): Promise<TAdminDeliveryResponse> {
  assertAudience(actor, 'staff');
  const d = await findDeliveryRow(services, actor, input.idOrTrackingNumber);
  await recordReceipt(services, d.id, { actorId: actor.id, actorRole: actor.role, ip: actor.ip }, input);
  return toDispatchDeliveryJson(services, actor, d.id, 'Receipt recorded');
}
