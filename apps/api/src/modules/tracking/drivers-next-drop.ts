import { DRIVER_OPEN_STATUSES, type TDeliveryStatus } from '@courier/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { deliveries } from '../../db/schema/index.js';
import { driverRouteOrder } from '../../shared/driver-route-order.js';

/** On the way to a hand-over: the recipient's door, or the sender's on a return. */
const HEADING_TO_DROP: readonly TDeliveryStatus[] = ['in_transit', 'returning'];

/**
 * Whether the public may see the driver's exact fix on this parcel's tracking page. Only while the parcel is
 * the driver's next drop: it is heading to its hand-over (in transit or returning) and comes first among its
 * driver's open jobs in the order the driver works them (the applied route plan's order, else parcels on board
 * by required-by: see driverRouteOrder), so the driver's next stop is this parcel's door. Never for a
 * controlled substance, whose way to the door no one should be able to follow.
 */
export async function showsExactDriverFix(db: DbOrTx, orderId: string): Promise<boolean> {
  const [parcel] = await db
    .select({ driverId: deliveries.driverId, status: deliveries.status, controlled: deliveries.controlledSubstance })
    .from(deliveries)
    .where(eq(deliveries.orderId, orderId))
    .limit(1);
  if (!parcel?.driverId || parcel.controlled || !HEADING_TO_DROP.includes(parcel.status)) return false;
  const [next] = await db
    .select({ orderId: deliveries.orderId })
    .from(deliveries)
    .where(and(eq(deliveries.driverId, parcel.driverId), inArray(deliveries.status, [...DRIVER_OPEN_STATUSES])))
    .orderBy(...driverRouteOrder())
    .limit(1);
  return next?.orderId === orderId;
}
