import { MESSAGES, ON_BOARD_STATUSES, type TAttemptReason, type TDeliveryStatus, normalizeTrackingNumber } from '@courier/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { deliveries, deliveryEvents, deliveryPieces, driverLocations } from '../../db/schema/index.js';
import { notFound } from '../../platform/app-error.js';
import { publicParcelColumns } from './find-public-delivery.js';

/**
 * Statuses in which the parcel travels with its driver, so the driver's last position is the parcel's.
 * Before pickup the driver's position says nothing about the parcel and would expose the driver.
 */
export const WITH_DRIVER: readonly TDeliveryStatus[] = ON_BOARD_STATUSES;

/** A custody event as the public sees it: [status, location label, lat, lng, epoch milliseconds]. */
type PublicEventTuple = [TDeliveryStatus, string | null, number | null, number | null, number];

export interface PublicEvent {
  status: TDeliveryStatus;
  locationLabel: string | null;
  lat: number | null;
  lng: number | null;
  createdAt: Date;
}

/**
 * Public tracking in one round trip: the delivery's public columns (no names, phones, e-mails, addresses
 * or contents), its custody events aggregated in order, and the driver's last position only while the
 * parcel travels with them.
 */
function trackingQuery(db: Db) {
  const events = sql<PublicEventTuple[]>`coalesce((
    select json_agg(json_build_array(${deliveryEvents.status}, ${deliveryEvents.locationLabel}, ${deliveryEvents.lat}, ${deliveryEvents.lng},
      floor(extract(epoch from ${deliveryEvents.createdAt}) * 1000)) order by ${deliveryEvents.seq})
    from ${deliveryEvents} where ${deliveryEvents.deliveryId} = ${deliveries.id} and ${deliveryEvents.kind} is null), '[]'::json)`;
  // The failed attempts' reason codes in order; the tracking view shows only the impersonal ones.
  const attemptReasons = sql<
    TAttemptReason[] | null
  >`(select json_agg(a.reason order by a.n) from delivery_attempts a where a.delivery_id = ${deliveries.id})`;
  // How many pieces, never what they are.
  const pieceCount = sql<number>`(select count(*)::int from ${deliveryPieces} where ${deliveryPieces.deliveryId} = ${deliveries.id})`;
  return db
    .select({
      ...publicParcelColumns,
      events,
      attemptReasons,
      pieceCount,
      driverLat: driverLocations.lat,
      driverLng: driverLocations.lng,
      driverAt: driverLocations.updatedAt,
      driverLabel: driverLocations.label,
    })
    .from(deliveries)
    .leftJoin(driverLocations, and(eq(driverLocations.driverId, deliveries.driverId), inArray(deliveries.status, [...WITH_DRIVER])))
    .where(eq(deliveries.orderId, sql.placeholder('orderId')))
    .limit(1)
    .prepare('track_parcel');
}

// Prepared once per database: PostgreSQL then plans it once per connection.
const prepared = new WeakMap<Db, ReturnType<typeof trackingQuery>>();

/**
 * A parcel by its tracking number. A malformed number and an unknown one answer the same 404, and the
 * malformed one never reaches the database.
 */
export async function findTrackedParcel(db: Db, rawTrackingNumber: string) {
  const orderId = normalizeTrackingNumber(rawTrackingNumber);
  if (!orderId) throw notFound(MESSAGES.trackingInvalid);
  let query = prepared.get(db);
  if (!query) {
    query = trackingQuery(db);
    prepared.set(db, query);
  }
  const [row] = await query.execute({ orderId });
  if (!row) throw notFound(MESSAGES.trackingInvalid);
  const { events, attemptReasons, pieceCount, driverLat, driverLng, driverAt, driverLabel, ...delivery } = row;
  const timeline: PublicEvent[] = events
    // A reassignment repeats "assigned": to the public that is one step, shown once.
    .filter(([status], i) => i === 0 || events[i - 1][0] !== status)
    .map(([status, locationLabel, lat, lng, at]) => ({
      status,
      locationLabel,
      lat,
      lng,
      createdAt: new Date(at),
    }));
  const driver =
    driverLat !== null && driverLng !== null && driverAt !== null
      ? { lat: driverLat, lng: driverLng, updatedAt: driverAt, label: driverLabel }
      : null;
  return { delivery, events: timeline, driver, attemptReasons: attemptReasons ?? [], pieceCount: Number(pieceCount) || 1 };
}
