import { ON_BOARD_STATUSES } from '@courier/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { deliveries } from '../../db/schema/index.js';
import { publishLiveEvents } from '../../platform/live-events.js';
import type { Place } from './move-delivery.js';

/**
 * The driver's new fix becomes the current place of every parcel on board with them (picked up, not yet handed
 * over), in the caller's transaction; their live streams hear of it. Not a change of the delivery itself, so its
 * `updatedAt` stays (a plan made before still applies) and no custody event is written. Answers how many moved.
 */
export async function locateParcelsOnBoard(tx: DbOrTx, driverId: string, place: Place): Promise<number> {
  const moved = await tx
    .update(deliveries)
    .set({ currentLabel: place.label, currentLat: place.lat, currentLng: place.lng, updatedAt: sql`${deliveries.updatedAt}` })
    .where(and(eq(deliveries.driverId, driverId), inArray(deliveries.status, [...ON_BOARD_STATUSES])))
    .returning({ id: deliveries.id, orderId: deliveries.orderId, status: deliveries.status, customerId: deliveries.customerId });
  // Tracking pages and the owners' screens show the parcel's new place; the board shows no positions.
  await publishLiveEvents(
    tx,
    moved.map((d) => ({
      type: 'delivery.located' as const,
      deliveryId: d.id,
      orderId: d.orderId,
      status: d.status,
      userIds: [d.customerId],
      public: true,
    })),
  );
  return moved.length;
}
