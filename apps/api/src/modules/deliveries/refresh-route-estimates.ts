import { DRIVER_OPEN_STATUSES } from '@courier/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { deliveries, driverLocations } from '../../db/schema/index.js';
import { deliveryLiveEvent, publishLiveEvents } from '../../platform/live-events.js';
import type { Services } from '../../services.js';
import type { DeliveryRow } from '../../shared/delivery-json.js';
import { driverRouteOrder } from '../../shared/driver-route-order.js';
import type { LatLng } from '../../shared/travel-estimate.js';
import { sendArrivingSoonMessage, sendEstimateLateNotice } from '../messages/arrival-messages.js';
import { routeArrivals } from './route-arrivals.js';

/** The heads-up goes when the driver's next drop is the recipient's and the arrival is this close. */
export const ARRIVING_SOON_MS = 10 * 60 * 1000;
/** Smaller moves of an estimate are not worth a write and a live event. */
const ESTIMATE_STEP_MS = 60 * 1000;
const ON_BOARD: readonly string[] = ['picked_up', 'in_transit'];

type RefreshServices = Pick<Services, 'publicUrl' | 'env' | 'jwtKey'>;

/** The earlier of the required-by and the specimen's stability deadline, with which it is. */
export function deadlineOf(d: Pick<DeliveryRow, 'requiredBy' | 'stabilityDeadline'>) {
  const all = [
    ...(d.requiredBy ? [{ at: d.requiredBy, what: 'required-by' as const }] : []),
    ...(d.stabilityDeadline ? [{ at: d.stabilityDeadline, what: 'stability deadline' as const }] : []),
  ];
  return all.sort((a, b) => a.at.getTime() - b.at.getTime())[0] ?? null;
}

/**
 * A driver's remaining route moves with them (on each position post or status move), in the caller's
 * transaction: the jobs on an applied route get the estimated drop-off the route now gives (`estimatedDelivery`,
 * what the customer, tracking and webhooks read); a planned arrival past the job's deadline tells dispatch,
 * once; and when the next drop is a parcel on board arriving within 10 minutes, its recipient hears so, once
 * (each "once" is a conditional update of its own column). `updatedAt` stays: a plan made before still applies.
 */
export async function refreshRouteEstimates(
  tx: DbOrTx,
  services: RefreshServices,
  driverId: string,
  at: Date,
  from?: LatLng,
): Promise<void> {
  let start = from ?? null;
  if (!start) {
    const [fix] = await tx.select().from(driverLocations).where(eq(driverLocations.driverId, driverId)).limit(1);
    start = fix ? { lat: fix.lat, lng: fix.lng } : null;
  }
  const jobs = await tx
    .select()
    .from(deliveries)
    .where(and(eq(deliveries.driverId, driverId), inArray(deliveries.status, [...DRIVER_OPEN_STATUSES])))
    .orderBy(...driverRouteOrder());
  if (!jobs.length || !start) return;
  const arrivals = routeArrivals(services.env, start, at, jobs);
  const moved: DeliveryRow[] = [];
  for (const [k, job] of jobs.entries()) {
    const dropoff = arrivals[k].dropoff;
    if (job.plannedOrder === null || !dropoff) continue;
    let row = job;
    if (!job.estimatedDelivery || Math.abs(job.estimatedDelivery.getTime() - dropoff.getTime()) >= ESTIMATE_STEP_MS) {
      [row] = await tx
        .update(deliveries)
        .set({ estimatedDelivery: dropoff, updatedAt: sql`${deliveries.updatedAt}` })
        .where(eq(deliveries.id, job.id))
        .returning();
      moved.push(row);
    }
    const deadline = deadlineOf(row);
    if (deadline && dropoff > deadline.at && !row.estimateLateNotifiedAt) {
      const [marked] = await tx
        .update(deliveries)
        .set({ estimateLateNotifiedAt: at, updatedAt: sql`${deliveries.updatedAt}` })
        .where(and(eq(deliveries.id, job.id), isNull(deliveries.estimateLateNotifiedAt)))
        .returning();
      if (marked) await sendEstimateLateNotice(tx, services, marked, deadline, at);
    }
  }
  const next = jobs[0];
  if (ON_BOARD.includes(next.status) && !next.arrivingNoticeAt && arrivals[0].next.getTime() - at.getTime() <= ARRIVING_SOON_MS) {
    const [marked] = await tx
      .update(deliveries)
      .set({ arrivingNoticeAt: at, updatedAt: sql`${deliveries.updatedAt}` })
      .where(and(eq(deliveries.id, next.id), isNull(deliveries.arrivingNoticeAt)))
      .returning();
    if (marked) await sendArrivingSoonMessage(tx, services, marked, at);
  }
  await publishLiveEvents(
    tx,
    moved.map((row) => deliveryLiveEvent('delivery.moved', row)),
  );
}
