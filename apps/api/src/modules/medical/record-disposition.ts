import { DISPOSITION_LABELS, type TAdminDeliveryResponse, type TDispositionRequest } from '@courier/contract';
import { and, eq, isNotNull } from 'drizzle-orm';
import { deliveries } from '../../db/schema/index.js';
import { conflict, forbidden } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { deliveryLiveEvent, publishLiveEvent } from '../../platform/live-events.js';
import { type Actor, assertAudience, mayDecideDisposition } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { appendHandlingEvent } from '../deliveries/custody.js';
import { findDeliveryRow, moveDelivery } from '../deliveries/move-delivery.js';
import { toDispatchDeliveryJson } from '../dispatch/dispatch-reply.js';
import { startReturnForHeldDelivery } from './start-return-for-held-delivery.js';

export const NOT_ON_HOLD = 'This delivery is not on hold: there is no disposition to record';

/** The hold is lifted with the decision, in one transaction with its custody event and audit row. */
async function liftHold(services: Services, actor: Actor, id: string, input: TDispositionRequest) {
  const now = services.clock.now();
  await services.db.transaction(async (tx) => {
    const [row] = await tx
      .update(deliveries)
      .set({
        holdReason: null,
        holdSince: null,
        dispositionAction: input.action,
        dispositionNote: input.note,
        dispositionAt: now,
        updatedAt: now,
      })
      .where(and(eq(deliveries.id, id), isNotNull(deliveries.holdSince)))
      .returning();
    if (!row) throw conflict(NOT_ON_HOLD);
    await appendHandlingEvent(tx, row, actor, 'disposition', `Disposition: ${DISPOSITION_LABELS[input.action]}. ${input.note}`, now);
    await recordAudit(
      tx,
      {
        actorId: actor.id,
        action: 'delivery.disposition',
        targetType: 'delivery',
        targetId: row.id,
        ip: actor.ip,
        details: { orderId: row.orderId, ...input },
      },
      now,
    );
    await publishLiveEvent(tx, deliveryLiveEvent('delivery.moved', row));
  });
}

/**
 * POST /admin/deliveries/{id}/disposition (MANAGER and above): what happens to a parcel on hold.
 * continue lifts the hold; return lifts it and starts the return leg to the sender; discard ends the trip
 * as cancelled with the note as its reason.
 */
export async function recordDisposition(
  services: Services,
  actor: Actor,
  input: TDispositionRequest & { idOrTrackingNumber: string },
): Promise<TAdminDeliveryResponse> {
  assertAudience(actor, 'staff');
  if (!mayDecideDisposition(actor)) throw forbidden('Only a manager (or above) can record a disposition');
  const d = await findDeliveryRow(services, actor, input.idOrTrackingNumber);
  if (!d.holdSince) throw conflict(NOT_ON_HOLD);
  const decision = { action: input.action, note: input.note };
  if (input.action === 'discard') {
    await moveDelivery(services, actor, { idOrTrackingNumber: d.id, to: 'cancelled', discardOnHold: true }, () => ({
      set: {
        cancelReason: `Discarded after a temperature excursion: ${input.note}`,
        holdReason: null,
        holdSince: null,
        dispositionAction: 'discard',
        dispositionNote: input.note,
        dispositionAt: services.clock.now(),
      },
      note: `Disposition: ${DISPOSITION_LABELS.discard}. ${input.note}`,
      audit: { action: 'delivery.disposition', details: decision },
    }));
  } else if (input.action === 'return') {
    await startReturnForHeldDelivery(services, actor, {
      delivery: d,
      note: input.note,
      liftHold: () => liftHold(services, actor, d.id, decision),
    });
  } else {
    await liftHold(services, actor, d.id, decision);
  }
  services.outbox.kick();
  const message = {
    continue: 'Hold lifted: the delivery continues',
    return: 'Hold lifted: the parcel returns to the sender',
    discard: 'Discarded: the trip ended as cancelled',
  }[input.action];
  return toDispatchDeliveryJson(services, actor, d.id, message);
}
