import { FINAL_STATUSES } from '@courier/contract';
import { and, eq, notInArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { deliveries } from '../../db/schema/index.js';
import { deliveryLiveEvent, publishLiveEvents } from '../../platform/live-events.js';

/**
 * A driver's open jobs take a route's order (1, 2, ...) and planned arrivals, in the caller's transaction; the
 * driver's open jobs the route does not hold lose theirs. A job no longer the driver's or already over is skipped.
 * With a planned drop-off, that becomes the job's estimate (`estimatedDelivery`: what the customer, tracking and
 * webhooks read). The driver's list follows the new order at once (a live event per job ordered). Answers the
 * jobs ordered.
 */
export async function setPlannedStops(
  tx: DbOrTx,
  driverId: string,
  order: readonly { deliveryId: string; arrival: Date; dropoff?: Date | null }[],
): Promise<number> {
  const open = and(eq(deliveries.driverId, driverId), notInArray(deliveries.status, [...FINAL_STATUSES]));
  await tx.update(deliveries).set({ plannedOrder: null, plannedArrival: null }).where(open);
  const changed = [];
  for (const [k, { deliveryId, arrival, dropoff }] of order.entries()) {
    const [row] = await tx
      .update(deliveries)
      .set({ plannedOrder: k + 1, plannedArrival: arrival, ...(dropoff ? { estimatedDelivery: dropoff } : {}) })
      .where(and(eq(deliveries.id, deliveryId), open))
      .returning();
    if (row) changed.push(row);
  }
  await publishLiveEvents(
    tx,
    changed.map((row) => deliveryLiveEvent('delivery.moved', row)),
  );
  return changed.length;
}
