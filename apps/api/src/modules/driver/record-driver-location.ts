import { LOCATION_MIN_INTERVAL_MS, ON_BOARD_STATUSES, type TDriverLocationRequest, type TDriverLocationResponse } from '@courier/contract';
import { and, count, eq, inArray, lte } from 'drizzle-orm';
import { deliveries, driverLocations } from '../../db/schema/index.js';
import { type Actor, assertAudience } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { locateParcelsOnBoard } from '../deliveries/locate-parcels-on-board.js';
import { refreshRouteEstimates } from '../deliveries/refresh-route-estimates.js';
import { placeOfFix } from './driver-place.js';

/**
 * The driver's phone reports where it is: kept at most once per 5 s (a closer post answers the kept one), labelled
 * with the nearest gazetteer place, and made (by the delivery module) the current place of every parcel on board,
 * which their live streams hear; the driver's route estimates move with it.
 */
export async function recordDriverLocation(
  services: Services,
  actor: Actor,
  input: TDriverLocationRequest,
): Promise<TDriverLocationResponse> {
  assertAudience(actor, 'driver');
  const now = services.clock.now();
  const place = placeOfFix(input)!;
  const result = await services.db.transaction(async (tx) => {
    // One statement decides, so two posts racing each other cannot both pass the 5-second gate.
    const [kept] = await tx
      .insert(driverLocations)
      .values({ driverId: actor.id, lat: input.lat, lng: input.lng, label: place.label, updatedAt: now })
      .onConflictDoUpdate({
        target: driverLocations.driverId,
        set: { lat: input.lat, lng: input.lng, label: place.label, updatedAt: now },
        setWhere: lte(driverLocations.updatedAt, new Date(now.getTime() - LOCATION_MIN_INTERVAL_MS)),
      })
      .returning({ at: driverLocations.updatedAt });
    if (!kept) {
      // Too close to the kept one to be worth a write: the phone's cadence, not abuse (the route limits that).
      const [last] = await tx
        .select({ label: driverLocations.label, at: driverLocations.updatedAt })
        .from(driverLocations)
        .where(eq(driverLocations.driverId, actor.id));
      const [onBoard] = await tx
        .select({ n: count() })
        .from(deliveries)
        .where(and(eq(deliveries.driverId, actor.id), inArray(deliveries.status, [...ON_BOARD_STATUSES])));
      return { kept: false as const, label: last.label, at: last.at, parcels: onBoard.n };
    }
    const parcels = await locateParcelsOnBoard(tx, actor.id, place);
    // The route's arrivals follow the driver (and may tell the next recipient they are 10 minutes away).
    await refreshRouteEstimates(tx, services, actor.id, now, { lat: input.lat, lng: input.lng });
    return { kept: true as const, label: place.label, at: now, parcels };
  });
  if (result.kept) services.outbox.kick();
  return {
    success: true,
    data: { label: result.label, at: result.at.toISOString(), parcelsOnBoard: result.parcels, kept: result.kept },
  };
}
