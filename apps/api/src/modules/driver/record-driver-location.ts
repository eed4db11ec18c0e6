import { LOCATION_MIN_INTERVAL_MS, type TDriverLocationRequest, type TDriverLocationResponse } from '@courier/contract';
import { lte } from 'drizzle-orm';
import { driverLocations } from '../../db/schema/index.js';
import { rateLimited } from '../../platform/app-error.js';
import { type Actor, assertAudience } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { locateParcelsOnBoard } from '../deliveries/locate-parcels-on-board.js';
import { placeOfFix } from './driver-place.js';

/**
 * The driver's phone reports where it is: kept at most once per 5 s, labelled with the nearest gazetteer
 * place, and made (by the delivery module) the current place of every parcel on board, which their live streams hear.
 */
export async function recordDriverLocation(
  services: Services,
  actor: Actor,
  input: TDriverLocationRequest,
): Promise<TDriverLocationResponse> {
  assertAudience(actor, 'driver');
  const now = services.clock.now();
  const place = placeOfFix(input)!;
  const parcels = await services.db.transaction(async (tx) => {
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
      throw rateLimited('Position already recorded in the last 5 seconds', Math.ceil(LOCATION_MIN_INTERVAL_MS / 1000));
    }
    return locateParcelsOnBoard(tx, actor.id, place);
  });
  return { success: true, data: { label: place.label, at: now.toISOString(), parcelsOnBoard: parcels } };
}
