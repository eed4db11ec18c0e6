import { DISPOSITION_LABELS, HOLD_TRANSITIONS, type TDispositionRequest } from '@courier/contract';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { deliveries } from '../../db/schema/index.js';
import { conflict } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { deliveryLiveEvent, publishLiveEvent } from '../../platform/live-events.js';
import type { Actor } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import type { DeliveryRow } from '../../shared/delivery-json.js';
import { appendHandlingEvent } from './custody.js';
import { moveDelivery, NOT_ON_HOLD } from './move-delivery.js';
import { recordTaskNotification } from '../fhir-task/record-task-notifications.js';
import { startReturn } from './start-return.js';

const dispositionNote = (input: TDispositionRequest) => `Disposition: ${DISPOSITION_LABELS[input.action]}. ${input.note}`;

/** The hold comes off with the decision recorded, and its custody event; 409 when no hold stands. */
async function clearHold(tx: Tx, actor: Actor, id: string, input: TDispositionRequest, at: Date, bump: boolean): Promise<DeliveryRow> {
  const [row] = await tx
    .update(deliveries)
    .set({
      holdReason: null,
      holdSince: null,
      dispositionAction: input.action,
      dispositionNote: input.note,
      dispositionAt: at,
      ...(bump ? { updatedAt: at } : {}),
    })
    .where(and(eq(deliveries.id, id), isNotNull(deliveries.holdSince)))
    .returning();
  if (!row) throw conflict(NOT_ON_HOLD);
  await appendHandlingEvent(tx, row, actor, 'disposition', dispositionNote(input), at);
  return row;
}

/** 'continue' (or a return already under way): the hold is lifted, with its custody event, audit row and live event. */
async function liftHold(services: Services, actor: Actor, id: string, input: TDispositionRequest) {
  const now = services.clock.now();
  await services.db.transaction(async (tx) => {
    const row = await clearHold(tx, actor, id, input, now, true);
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
    await recordTaskNotification(tx, services, row);
    await publishLiveEvent(tx, deliveryLiveEvent('delivery.moved', row));
  });
}

/**
 * A manager's disposition of a held delivery, as the contract's HOLD_TRANSITIONS declares it: continue lifts the
 * hold; return lifts it in the move that starts the return leg (a parcel already going back only has it lifted);
 * discard lifts it in the move that ends the trip as cancelled, the note as its reason. The caller checks the
 * actor may decide; the moves check the hold still stands.
 */
export async function decideHold(services: Services, actor: Actor, d: DeliveryRow, input: TDispositionRequest): Promise<void> {
  const move = HOLD_TRANSITIONS[input.action].move;
  if (move === 'cancelled') {
    await moveDelivery(services, actor, { idOrTrackingNumber: d.id, to: 'cancelled', decision: 'discard' }, () => ({
      set: {
        cancelReason: `Discarded after a temperature excursion: ${input.note}`,
        holdReason: null,
        holdSince: null,
        dispositionAction: 'discard',
        dispositionNote: input.note,
        dispositionAt: services.clock.now(),
      },
      note: dispositionNote(input),
      audit: { action: 'delivery.disposition', details: { action: input.action, note: input.note } },
    }));
  } else if (move === 'returning' && d.status !== 'returning') {
    await startReturn(services, actor, {
      idOrTrackingNumber: d.id,
      note: `Temperature excursion: ${input.note}`,
      decision: 'return',
      within: async (tx, row) => {
        await clearHold(tx, actor, row.id, input, row.updatedAt, false);
      },
    });
  } else {
    await liftHold(services, actor, d.id, input);
  }
}
