import {
  cannotMoveMessage,
  HOLD_MESSAGE,
  holdAllowsMove,
  holdStateOf,
  type TAttemptReason,
  type TDeliveryStatus,
  type TDispositionAction,
} from '@courier/contract';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { deliveries } from '../../db/schema/index.js';
import { conflict, notFound } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { deliveryLiveEvent, publishLiveEvent } from '../../platform/live-events.js';
import { type Actor, mayDecideDisposition, mayDiscardHeldDelivery, mayMoveDelivery, mayReadDelivery } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import type { DeliveryEvent } from '../messages/delivery-messages.js';
import { recordPayForMove } from '../driver-pay/record-pay-for-move.js';
import { sendDeliveryMessages } from '../messages/send-delivery-messages.js';
import { recordStatusWebhookEvents } from '../webhooks/record-webhook-event.js';
import { HL7_EVENT_OF_STATUS, recordHl7StatusMessage } from '../hl7-outbound/record-hl7-status.js';
import { recordTaskNotification, withTaskNotificationDeferred } from '../fhir-task/record-task-notifications.js';
import { appendCustodyEvent } from './custody.js';
import { DELIVERY_NOT_FOUND, deliveryKey } from './deliveries.queries.js';
import { priceOnMove } from './price-on-move.js';
import type { DeliveryRow } from '../../shared/delivery-json.js';

export interface Place {
  label: string | null;
  lat: number | null;
  lng: number | null;
}

/** What a move does besides the status: decided by the use case once access and the table allow it. */
export interface MovePlan {
  /** Further columns of the row (driver, cancel reason, the new estimate of a re-attempt, approval, hold, disposition). */
  set?: Partial<
    Pick<
      DeliveryRow,
      | 'driverId'
      | 'cancelReason'
      | 'estimatedDelivery'
      | 'approvedAt'
      | 'holdReason'
      | 'holdSince'
      | 'dispositionAction'
      | 'dispositionNote'
      | 'dispositionAt'
    >
  >;
  /** Where the hand-over happened; the parcel's current place becomes it. Absent: where the parcel was. */
  place?: Place;
  note: string;
  audit: { action: string; details?: Record<string, unknown> };
  /** Who signed for it, for the delivered messages. */
  signedBy?: string;
  /** What the messages tell, when it is not the new status itself (a re-attempt), and its facts. */
  message?: MoveMessage;
  /** Further writes in the same transaction (the proof of delivery, the idempotency key). */
  within?: (tx: Tx, moved: DeliveryRow) => Promise<void>;
}

export interface MoveMessage {
  event?: DeliveryEvent;
  /** A failed attempt's reason code. */
  reason?: TAttemptReason;
  /** A re-attempt's window. */
  window?: { from: Date; to: Date };
}

export interface MoveInput {
  idOrTrackingNumber: string;
  to: TDeliveryStatus;
  /**
   * A MANAGER's disposition of a parcel on hold that moves it (the contract's HOLD_TRANSITIONS): 'return' starts
   * the return leg, 'discard' ends the trip as cancelled from wherever it is (off the status table). Only a
   * held parcel takes one.
   */
  decision?: Exclude<TDispositionAction, 'continue'>;
}

/** A parcel on hold moves on only once a manager records a disposition. */
export const onHoldConflict = () => conflict(`${HOLD_MESSAGE}. Dispatch must record a disposition first.`);
export const NOT_ON_HOLD = 'This delivery is not on hold: there is no disposition to record';

/** The hold's table refuses the move: 409 naming the hold, or, for a decision on a parcel no longer held, that. */
function holdRefusal(held: boolean) {
  return held ? onHoldConflict() : conflict(NOT_ON_HOLD);
}
/**
 * Services whose database is an open transaction: a move made with them commits or rolls back with it. Reads
 * meant for the replica read the transaction too (it sees its own writes; the replica would not).
 */
export const withinTransaction = (services: Services, tx: Tx): Services => {
  const db = tx as unknown as Services['db'];
  return { ...services, db, readReplica: db };
};

/** Finds the delivery the actor may see; anyone else gets the same 404 as for an unknown one. */
export async function findDeliveryRow(services: Pick<Services, 'db'>, actor: Actor, idOrTrackingNumber: string): Promise<DeliveryRow> {
  const key = deliveryKey(idOrTrackingNumber);
  if (!key) throw notFound(DELIVERY_NOT_FOUND);
  const [d] = await services.db.select().from(deliveries).where(key).limit(1);
  if (!d || !mayReadDelivery(actor, d)) throw notFound(DELIVERY_NOT_FOUND);
  return d;
}

/**
 * The one place a delivery changes status. The table decides if the actor may make the move (409
 * 'Cannot change status from X to Y' otherwise), and the contract's hold table if the parcel is on hold (409 naming
 * the hold); the row changes only if it still holds the status, hold and driver it was read with, so of two racing moves one wins and the other gets 409. The row, its custody
 * event, the audit row, the notifications and the live-update event commit together; the outbox is kicked after.
 * Inside another use case's transaction, pass `withinTransaction(services, tx)`: the move then runs in a
 * savepoint of that transaction and commits (or rolls back) with it.
 */
export async function moveDelivery(
  services: Services,
  actor: Actor,
  input: MoveInput,
  plan: (d: DeliveryRow) => MovePlan | Promise<MovePlan>,
): Promise<DeliveryRow> {
  const d = await findDeliveryRow(services, actor, input.idOrTrackingNumber);
  const allowed =
    input.decision === 'discard'
      ? input.to === 'cancelled' && mayDiscardHeldDelivery(actor, d)
      : mayMoveDelivery(actor, d, d.status, input.to) && (!input.decision || mayDecideDisposition(actor));
  if (!allowed) throw conflict(cannotMoveMessage(d.status, input.to));
  if (!holdAllowsMove(holdStateOf(d), d.status, input.to, input.decision)) throw holdRefusal(d.holdSince !== null);
  // The hold this move was allowed under must still stand (or still be absent) when the row is written.
  const heldGuard = input.decision
    ? isNotNull(deliveries.holdSince)
    : holdAllowsMove('held', d.status, input.to)
      ? undefined
      : isNull(deliveries.holdSince);
  const p = await plan(d);
  const now = services.clock.now();
  const place = p.place ?? { label: d.currentLabel, lat: d.currentLat, lng: d.currentLng };
  const moved = await services.db.transaction(async (tx) => {
    // The lines this move adds to the price (wait, failed attempt, return, cancel), committed with the move.
    const priced = await priceOnMove(tx, d, input.to, now);
    const [row] = await tx
      .update(deliveries)
      .set({
        ...p.set,
        ...priced,
        status: input.to,
        currentLabel: place.label,
        currentLat: place.lat,
        currentLng: place.lng,
        updatedAt: now,
      })
      .where(
        and(
          eq(deliveries.id, d.id),
          eq(deliveries.status, d.status),
          heldGuard,
          d.driverId === null ? isNull(deliveries.driverId) : eq(deliveries.driverId, d.driverId),
        ),
      )
      .returning();
    if (!row) {
      const [current] = await tx
        .select({ status: deliveries.status, holdSince: deliveries.holdSince })
        .from(deliveries)
        .where(eq(deliveries.id, d.id));
      if (current?.status === d.status && !holdAllowsMove(holdStateOf(current), d.status, input.to, input.decision))
        throw holdRefusal(current.holdSince !== null);
      throw conflict(
        current?.status === d.status
          ? 'This delivery was just changed by someone else. Reload it and try again.'
          : cannotMoveMessage(current?.status ?? d.status, input.to),
      );
    }
    await appendCustodyEvent(tx, {
      deliveryId: d.id,
      status: input.to,
      locationLabel: place.label,
      lat: place.lat,
      lng: place.lng,
      actorId: actor.id,
      actorRole: actor.role,
      note: p.note,
      at: now,
    });
    await recordAudit(
      tx,
      {
        actorId: actor.id,
        action: p.audit.action,
        targetType: 'delivery',
        targetId: d.id,
        ip: actor.ip,
        details: { orderId: d.orderId, from: d.status, to: input.to, ...p.audit.details },
      },
      now,
    );
    // Everyone who hears of this move is told, inside its transaction (modules/messages decides who).
    const { event, ...extra } = p.message ?? {};
    await sendDeliveryMessages(tx, services, row, event ?? row.status, now, { signedBy: p.signedBy, ...extra });
    await recordStatusWebhookEvents(tx, services, row, d.status);
    // An order booked over HL7 tells its engine of pickup and delivery (modules/hl7-outbound), when it asked to.
    const hl7Event = HL7_EVENT_OF_STATUS[row.status];
    if (hl7Event) await recordHl7StatusMessage(tx, row, hl7Event, now);
    // The driver it was taken from hears of it too, so their list drops it.
    await publishLiveEvent(tx, deliveryLiveEvent('delivery.moved', row, d.driverId));
    // The FHIR Task's Subscriptions, once per move, after the move's own writes (piece hand-overs, a hold placed or
    // lifted) are in: what those writes would notify is held back, and the Task is told from the row as it now is.
    const within = p.within;
    if (within) await withTaskNotificationDeferred(tx, row.id, () => within(tx, row));
    const [final] = await tx.select().from(deliveries).where(eq(deliveries.id, row.id)).limit(1);
    await recordTaskNotification(tx, services, final ?? row);
    // A drop-off, failed drop or return earns the driver their pay item, committed with the move (modules/driver-pay).
    await recordPayForMove(tx, row, services.env.BUSINESS_TZ);
    return row;
  });
  // Counted once committed (inside another use case's transaction: once its savepoint is released).
  services.metrics.moved(d.status, input.to);
  services.outbox.kick();
  return moved;
}
