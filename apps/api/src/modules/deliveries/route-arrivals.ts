import type { TEnv } from '../../env.js';
import type { DeliveryRow } from '../../shared/delivery-json.js';
import { type LatLng, straightLineSeconds } from '../../shared/travel-estimate.js';

/** Minutes a driver spends at each pickup and drop-off (the planner's service time). */
export const STOP_SERVICE_SECONDS = 5 * 60;
/** Statuses whose next stop is the drop-off (the parcel is on board). */
const CARRIED: readonly string[] = ['picked_up', 'in_transit'];
/** Statuses heading back to the sender: driven, but their "drop" is the pickup address. */
const GOING_BACK: readonly string[] = ['failed_attempt', 'returning'];

export interface JobArrival {
  id: string;
  /** arrival at the job's next stop (its pickup, or its drop-off once on board) */
  next: Date;
  /** arrival at its drop-off (null for a parcel going back) */
  dropoff: Date | null;
}

const placeOf = (lat: number | null, lng: number | null): LatLng | null => (lat !== null && lng !== null ? { lat, lng } : null);

/**
 * A driver's jobs worked in the order given, one after the other (each job's pickup, if still to come, then its
 * drop-off), from `from` at `at`: the cheap estimate the planner uses without a routing server, so every driver
 * fix can move the arrivals. A job without places adds no travel.
 */
export function routeArrivals(
  env: Pick<TEnv, 'ROUTING_DETOUR_FACTOR' | 'ROUTING_SPEED_KMH'>,
  from: LatLng | null,
  at: Date,
  jobs: readonly Pick<DeliveryRow, 'id' | 'status' | 'pickupLat' | 'pickupLng' | 'deliveryLat' | 'deliveryLng'>[],
): JobArrival[] {
  let place = from;
  let t = at.getTime();
  const drive = (to: LatLng | null) => {
    if (place && to) t += straightLineSeconds(env, place, to) * 1000;
    if (to) place = to;
    return new Date(t);
  };
  return jobs.map((j) => {
    const pickup = placeOf(j.pickupLat, j.pickupLng);
    const drop = placeOf(j.deliveryLat, j.deliveryLng);
    if (GOING_BACK.includes(j.status)) {
      const next = drive(pickup);
      t += STOP_SERVICE_SECONDS * 1000;
      return { id: j.id, next, dropoff: null };
    }
    let next: Date;
    if (!CARRIED.includes(j.status)) {
      next = drive(pickup);
      t += STOP_SERVICE_SECONDS * 1000;
      const dropoff = drive(drop);
      t += STOP_SERVICE_SECONDS * 1000;
      return { id: j.id, next, dropoff };
    }
    next = drive(drop);
    t += STOP_SERVICE_SECONDS * 1000;
    return { id: j.id, next, dropoff: next };
  });
}
