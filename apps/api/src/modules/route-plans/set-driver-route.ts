import { DRIVER_OPEN_STATUSES, type TDriverRouteRequest, type TDriverRouteResponse } from '@courier/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { deliveries, driverLocations } from '../../db/schema/index.js';
import { badRequest, conflict } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { type Actor, assertAudience } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { driverRouteOrder } from '../../shared/driver-route-order.js';
import { withinTransaction } from '../deliveries/move-delivery.js';
import { refreshRouteEstimates } from '../deliveries/refresh-route-estimates.js';
import { routeArrivals } from '../deliveries/route-arrivals.js';
import { setPlannedStops } from '../deliveries/set-planned-stops.js';
import { assignDriver, findActiveDriver } from '../dispatch/assign-driver.js';
import { PLANNABLE_STATUSES } from './planning-problem.js';

export const ROUTE_JOB_NOT_OPEN = 'deliveryIds: a job listed is not open (delivered, cancelled or unknown)';
export const ROUTE_JOB_UNDER_WAY = "A job already picked up or on its way stays with its driver: move it on that driver's route";

/**
 * Dispatch resequences a driver's route, or moves a stop to it from another driver: the listed jobs come first in
 * this order, the driver's other open jobs after them in theirs. A job of another driver not yet under way is
 * reassigned through the assignment's move (custody, audit, messages); one under way is refused. In one
 * transaction: the new order and planned arrivals (from the driver's last fix, the planner's cheap estimate),
 * the estimates that follow, the audit row and the live events the driver's phone hears.
 */
export async function setDriverRoute(
  services: Services,
  actor: Actor,
  input: TDriverRouteRequest & { driverId: string },
): Promise<TDriverRouteResponse> {
  assertAudience(actor, 'staff');
  const driver = await findActiveDriver(services, input.driverId);
  const wanted = [...new Set(input.deliveryIds)];
  if (wanted.length !== input.deliveryIds.length) throw badRequest('deliveryIds: a job is listed twice', 'deliveryIds');
  const now = services.clock.now();

  const result = await services.db.transaction(async (tx) => {
    const listed = await tx.select().from(deliveries).where(inArray(deliveries.id, wanted)).for('update');
    const byId = new Map(listed.map((d) => [d.id, d]));
    const open = DRIVER_OPEN_STATUSES as readonly string[];
    const plannable = PLANNABLE_STATUSES as readonly string[];
    if (wanted.some((id) => !byId.has(id) || !open.concat('approved').includes(byId.get(id)?.status ?? '')))
      throw badRequest(ROUTE_JOB_NOT_OPEN, 'deliveryIds');
    const incoming = listed.filter((d) => d.driverId !== driver.id);
    if (incoming.some((d) => !plannable.includes(d.status))) throw conflict(ROUTE_JOB_UNDER_WAY);

    const inTx = withinTransaction(services, tx);
    for (const d of incoming)
      await assignDriver(inTx, actor, { idOrTrackingNumber: d.id, driverId: driver.id, replacesDriverId: d.driverId });

    const rest = await tx
      .select()
      .from(deliveries)
      .where(and(eq(deliveries.driverId, driver.id), inArray(deliveries.status, [...DRIVER_OPEN_STATUSES])))
      .orderBy(...driverRouteOrder());
    const current = new Map(rest.map((d) => [d.id, d]));
    const ordered = [...wanted.map((id) => current.get(id)).filter((d) => d !== undefined), ...rest.filter((d) => !wanted.includes(d.id))];
    const [fix] = await tx.select().from(driverLocations).where(eq(driverLocations.driverId, driver.id)).limit(1);
    const arrivals = routeArrivals(services.env, fix ? { lat: fix.lat, lng: fix.lng } : null, now, ordered);
    await setPlannedStops(
      tx,
      driver.id,
      arrivals.map((a) => ({ deliveryId: a.id, arrival: a.next, dropoff: a.dropoff })),
    );
    // The drivers who lost a job: their remaining route closes up, and its estimates follow.
    for (const from of new Set(incoming.map((d) => d.driverId).filter((id): id is string => id !== null))) {
      await refreshRouteEstimates(tx, services, from, now);
    }
    await refreshRouteEstimates(tx, services, driver.id, now);
    await recordAudit(
      tx,
      {
        actorId: actor.id,
        action: 'route.resequence',
        targetType: 'user',
        targetId: driver.id,
        ip: actor.ip,
        details: { deliveryIds: ordered.map((d) => d.id), moved: incoming.map((d) => ({ deliveryId: d.id, fromDriverId: d.driverId })) },
      },
      now,
    );
    const jobs = await tx
      .select()
      .from(deliveries)
      .where(and(eq(deliveries.driverId, driver.id), inArray(deliveries.status, [...DRIVER_OPEN_STATUSES])))
      .orderBy(...driverRouteOrder());
    return { jobs, moved: incoming.length };
  });
  services.outbox.kick();
  return {
    success: true,
    message: result.moved ? 'Route updated; jobs moved to this driver' : 'Route updated',
    data: {
      driverId: driver.id,
      moved: result.moved,
      jobs: result.jobs.map((d) => ({
        _id: d.id,
        trackingNumber: d.orderId,
        plannedOrder: d.plannedOrder,
        plannedArrival: d.plannedArrival?.toISOString() ?? null,
        estimatedDelivery: d.estimatedDelivery?.toISOString() ?? null,
      })),
    },
  };
}
