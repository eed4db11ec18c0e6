import type { TDeliveryStatus } from '@courier/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { deliveries } from '../../db/schema/index.js';
import { conflict, notFound } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { type Actor, assertAudience } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { DELIVERY_NOT_FOUND, deliveryKey } from './deliveries.queries.js';

/** Where the driver may say "Arrived": on the way to (or at) the pickup; with the parcel, at the drop-off. */
const ARRIVAL_STATUSES: Record<'pickup' | 'dropoff', readonly TDeliveryStatus[]> = {
  pickup: ['assigned', 'moving_to_pickup_location'],
  dropoff: ['picked_up', 'in_transit'],
};

export const arrivalRefused = (stop: 'pickup' | 'dropoff', status: string) =>
  `You can say you arrived at the ${stop === 'pickup' ? 'pickup' : 'drop-off'} only on the way there (this job is ${status.replaceAll('_', ' ')})`;

/**
 * The driver of the job taps "Arrived" at a stop: the wait (charged past the card's grace) runs from now to the
 * pickup's confirmation or the proof of delivery. Another driver's job is a 404; the wrong status 409. Tapping
 * again keeps the first arrival (the wait is never shortened by a second tap). Audited.
 */
export async function recordArrival(services: Services, actor: Actor, input: { idOrTrackingNumber: string; stop: 'pickup' | 'dropoff' }) {
  assertAudience(actor, 'driver');
  const key = deliveryKey(input.idOrTrackingNumber);
  if (!key) throw notFound(DELIVERY_NOT_FOUND);
  const now = services.clock.now();
  const column = input.stop === 'pickup' ? deliveries.pickupArrivedAt : deliveries.dropoffArrivedAt;
  return services.db.transaction(async (tx) => {
    const [d] = await tx.select().from(deliveries).where(key).limit(1).for('update');
    if (!d || d.driverId !== actor.id) throw notFound(DELIVERY_NOT_FOUND);
    if (!ARRIVAL_STATUSES[input.stop].includes(d.status as TDeliveryStatus)) throw conflict(arrivalRefused(input.stop, d.status));
    const already = input.stop === 'pickup' ? d.pickupArrivedAt : d.dropoffArrivedAt;
    if (already) return { arrivedAt: already, first: false, deliveryId: d.id };
    await tx
      .update(deliveries)
      .set(input.stop === 'pickup' ? { pickupArrivedAt: now } : { dropoffArrivedAt: now })
      .where(and(eq(deliveries.id, d.id), isNull(column)));
    await recordAudit(
      tx,
      {
        actorId: actor.id,
        action: 'delivery.arrived',
        targetType: 'delivery',
        targetId: d.id,
        ip: actor.ip,
        details: { orderId: d.orderId, stop: input.stop, status: d.status },
      },
      now,
    );
    return { arrivedAt: now, first: true, deliveryId: d.id };
  });
}
