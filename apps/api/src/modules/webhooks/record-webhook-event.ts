import { randomUUID } from 'node:crypto';
import type { TWebhookEvent, TWebhookEventType } from '@courier/contract';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { webhookEndpoints, webhookMessages } from '../../db/schema/index.js';
import type { Services } from '../../services.js';
import type { DeliveryRow } from '../../shared/delivery-json.js';

/**
 * The events a delivery reaching a status causes besides `delivery.status_changed`. Data, so a status added by
 * another feature is one line here (statuses not on this branch are keyed by their name).
 */
export const WEBHOOK_EVENTS_BY_STATUS: Record<string, readonly TWebhookEventType[]> = {
  delivered: ['delivery.delivered'],
  failed_attempt: ['delivery.exception'],
};

/** The body every endpoint gets: ids, status, times and links, never the contents or the recipient's details. */
export function webhookEventBody(
  services: Pick<Services, 'publicUrl'>,
  type: TWebhookEventType,
  delivery: Pick<DeliveryRow, 'id' | 'orderId' | 'status' | 'createdAt' | 'updatedAt' | 'requiredBy' | 'estimatedDelivery'>,
  at: Date,
  previousStatus: string | null = null,
): TWebhookEvent {
  return {
    type,
    timestamp: at.toISOString(),
    data: {
      id: delivery.id,
      trackingNumber: delivery.orderId,
      status: delivery.status,
      previousStatus,
      createdAt: delivery.createdAt.toISOString(),
      updatedAt: delivery.updatedAt.toISOString(),
      requiredBy: delivery.requiredBy?.toISOString() ?? null,
      estimatedDelivery: delivery.estimatedDelivery?.toISOString() ?? null,
      links: {
        self: `${services.publicUrl}/api/v1/deliveries/${delivery.id}`,
        tracking: `${services.publicUrl}/track/${delivery.orderId}`,
      },
    },
  };
}

export interface WebhookEventInput {
  type: TWebhookEventType;
  /** The delivery as it is after the change (its customer is the endpoints' owner). */
  delivery: DeliveryRow;
  previousStatus?: string | null;
}

/**
 * Records one event for every enabled endpoint of the delivery's customer that listens to its type, inside
 * the caller's transaction: the message exists only if the change commits. The outbox sends it after.
 */
export async function recordWebhookEvent(tx: DbOrTx, services: Pick<Services, 'publicUrl' | 'clock'>, input: WebhookEventInput) {
  await recordWebhookEvents(tx, services, [input]);
}

/** Events of many deliveries (a bulk change), as recordWebhookEvent for each: one read of the endpoints, one insert. */
export async function recordWebhookEvents(
  tx: DbOrTx,
  services: Pick<Services, 'publicUrl' | 'clock'>,
  inputs: readonly WebhookEventInput[],
) {
  if (inputs.length === 0) return;
  const at = services.clock.now();
  const types = [...new Set(inputs.map((i) => i.type))];
  const endpoints = await tx
    .select({ id: webhookEndpoints.id, userId: webhookEndpoints.userId, eventTypes: webhookEndpoints.eventTypes })
    .from(webhookEndpoints)
    .where(
      and(
        inArray(webhookEndpoints.userId, [...new Set(inputs.map((i) => i.delivery.customerId))]),
        eq(webhookEndpoints.enabled, true),
        or(...types.map((type) => sql`${webhookEndpoints.eventTypes} @> ${JSON.stringify([type])}::jsonb`)),
      ),
    );
  const rows = inputs.flatMap((input) => {
    const listening = endpoints.filter((e) => e.userId === input.delivery.customerId && e.eventTypes.includes(input.type));
    if (listening.length === 0) return [];
    const payload = webhookEventBody(services, input.type, input.delivery, at, input.previousStatus ?? null);
    return listening.map((e) => ({
      msgId: `msg_${randomUUID().replaceAll('-', '')}`,
      endpointId: e.id,
      eventType: input.type,
      payload,
      createdAt: at,
      nextAttemptAt: at,
    }));
  });
  if (rows.length > 0) await tx.insert(webhookMessages).values(rows);
}

/** A move of a delivery: `delivery.status_changed`, and what its new status adds (delivered, exception). */
export async function recordStatusWebhookEvents(
  tx: DbOrTx,
  services: Pick<Services, 'publicUrl' | 'clock'>,
  delivery: DeliveryRow,
  previousStatus: string,
) {
  for (const type of ['delivery.status_changed' as const, ...(WEBHOOK_EVENTS_BY_STATUS[delivery.status] ?? [])]) {
    await recordWebhookEvent(tx, services, { type, delivery, previousStatus });
  }
}
