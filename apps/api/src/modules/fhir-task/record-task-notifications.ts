import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { fhirSubscriptions, users, webhookEndpoints, webhookMessages } from '../../db/schema/index.js';
import type { Services } from '../../services.js';
import type { DeliveryRow } from '../../shared/delivery-json.js';
import { loadTaskParts, taskOf } from './task-resource.js';

/**
 * The deliveries whose notification a transaction holds back: a move notifies once, after its `within` writes (a
 * hold placed, or lifted, in them), from the row as it then is; the notifications those writes would make are not.
 */
const deferred = new WeakMap<object, Set<string>>();
const deferredIn = (tx: DbOrTx) => deferred.get(tx) ?? new Set<string>();

/** Runs `writes` with this delivery's Task notifications held back in `tx` (the caller notifies once, after). */
export async function withTaskNotificationDeferred<T>(tx: DbOrTx, deliveryId: string, writes: () => Promise<T>): Promise<T> {
  const held = deferred.get(tx) ?? new Set<string>();
  deferred.set(tx, held);
  if (held.has(deliveryId)) return writes();
  held.add(deliveryId);
  try {
    return await writes();
  } finally {
    held.delete(deliveryId);
  }
}

/** The event type a FHIR notification carries in the webhooks' outbox and delivery log. */
export const FHIR_TASK_EVENT = 'fhir.task';

/**
 * A change of these deliveries' Tasks, inside the caller's transaction (so a notification exists only if the change
 * commits): one message per matching active Subscription and Task, its payload the Task as it now is (read in the
 * same transaction, pieces and receipts included). The webhooks' outbox sends it to the Subscription's endpoint.
 * A Subscription made by an account owner follows every Task of the account; a member's, the member's own bookings.
 */
export async function recordTaskNotifications(
  tx: DbOrTx,
  services: Pick<Services, 'publicUrl' | 'clock'>,
  changed: readonly DeliveryRow[],
): Promise<void> {
  const rows = changed.filter((r) => !deferredIn(tx).has(r.id));
  if (rows.length === 0) return;
  const now = services.clock.now();
  const subs = await tx
    .select({
      accountId: fhirSubscriptions.accountId,
      userId: fhirSubscriptions.userId,
      endpointId: fhirSubscriptions.endpointId,
      accountRole: users.accountRole,
    })
    .from(fhirSubscriptions)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, fhirSubscriptions.endpointId))
    .innerJoin(users, eq(users.id, fhirSubscriptions.userId))
    .where(
      and(
        inArray(fhirSubscriptions.accountId, [...new Set(rows.map((r) => r.accountId))]),
        // Its maker still belongs to the account it follows (a removed member has left it) and may still sign in.
        eq(users.accountId, fhirSubscriptions.accountId),
        eq(users.isDeleted, false),
        eq(users.isDisabled, false),
        eq(fhirSubscriptions.requestedStatus, 'active'),
        eq(webhookEndpoints.enabled, true),
        or(isNull(fhirSubscriptions.end), gt(fhirSubscriptions.end, now)),
      ),
    );
  if (subs.length === 0) return;
  const followed = rows.filter((r) => subs.some((s) => s.accountId === r.accountId));
  const parts = await loadTaskParts(tx, followed);
  const messages = parts.flatMap((p) => {
    const listening = subs.filter(
      (s) => s.accountId === p.delivery.accountId && (s.accountRole === 'owner' || s.userId === p.delivery.customerId),
    );
    if (listening.length === 0) return [];
    const payload = taskOf(p, services.publicUrl) as unknown as Record<string, unknown>;
    return listening.map((s) => ({
      msgId: `msg_${randomUUID().replaceAll('-', '')}`,
      endpointId: s.endpointId,
      eventType: FHIR_TASK_EVENT,
      payload,
      createdAt: now,
      nextAttemptAt: now,
    }));
  });
  if (messages.length > 0) await tx.insert(webhookMessages).values(messages);
}

export const recordTaskNotification = (tx: DbOrTx, services: Pick<Services, 'publicUrl' | 'clock'>, row: DeliveryRow) =>
  recordTaskNotifications(tx, services, [row]);
