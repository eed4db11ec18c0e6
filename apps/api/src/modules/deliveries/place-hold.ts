import { HOLD_TRANSITIONS, HOLDABLE_STATUSES, holdStateOf } from '@courier/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { deliveries } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import { deliveryLiveEvent, publishLiveEvent } from '../../platform/live-events.js';
import type { Actor } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import type { DeliveryRow } from '../../shared/delivery-json.js';
import { recordWebhookEvent } from '../webhooks/record-webhook-event.js';
import { recordTaskNotification } from '../fhir-task/record-task-notifications.js';
import { appendHandlingEvent } from './custody.js';

export interface HoldInput {
  reason: string;
  /** The custody event's words (what was out of range, when). */
  note: string;
  /** Facts for the audit row. */
  details?: Record<string, unknown>;
  /** Further writes in the same transaction: who hears of the hold. */
  within?: (tx: DbOrTx, held: DeliveryRow) => Promise<void>;
}

/**
 * Places the hold (the contract's HOLD_TRANSITIONS 'place') on a delivery whose row the caller holds locked, inside
 * the caller's transaction: the row, its custody event, the audit row, the exception webhook and the live event.
 * A delivery already held, or not on board, is left as it is (null).
 */
export async function placeHold(
  tx: DbOrTx,
  services: Pick<Services, 'publicUrl' | 'clock'>,
  actor: Actor,
  d: DeliveryRow,
  input: HoldInput,
  now: Date,
): Promise<DeliveryRow | null> {
  if (holdStateOf(d) !== HOLD_TRANSITIONS.place.from || !HOLDABLE_STATUSES.includes(d.status)) return null;
  const [held] = await tx
    .update(deliveries)
    .set({ holdReason: input.reason, holdSince: now, updatedAt: now })
    .where(and(eq(deliveries.id, d.id), isNull(deliveries.holdSince)))
    .returning();
  if (!held) return null;
  await appendHandlingEvent(tx, d, actor, 'hold', input.note, now);
  await recordAudit(
    tx,
    {
      actorId: actor.id,
      action: 'delivery.hold',
      targetType: 'delivery',
      targetId: d.id,
      ip: actor.ip,
      details: { orderId: d.orderId, ...input.details },
    },
    now,
  );
  await input.within?.(tx, held);
  await recordTaskNotification(tx, services, held);
  await recordWebhookEvent(tx, services, { type: 'delivery.exception', delivery: held });
  await publishLiveEvent(tx, deliveryLiveEvent('delivery.moved', held));
  return held;
}
