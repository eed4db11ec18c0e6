import { nearestGazetteerPlace } from '../../platform/geocoder/offline.js';
import { eq } from 'drizzle-orm';
import { feedback } from '../../db/schema/index.js';
import type { Anonymous } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { findPublicDelivery } from './find-public-delivery.js';
import { findTrackedParcel } from './find-tracked-parcel.js';
import { showsExactDriverFix } from './drivers-next-drop.js';
import { formatLocalTime, type VisitorZone } from './local-time.js';
import {
  ATTEMPT_REASON_LABELS,
  holdStateOf,
  PLACELESS_STATUSES,
  PUBLIC_ATTEMPT_REASONS,
  type TAttemptReason,
  type TTrackingDetailsResponse,
  type TTrackingResponse,
  type TTrackingResult,
} from '@courier/contract';

/** A failed attempt's reason for the public, only when it says nothing about a person (absent, no access, wrong address). */
const publicReason = (reason: TAttemptReason | undefined) =>
  reason && PUBLIC_ATTEMPT_REASONS.includes(reason) ? ATTEMPT_REASON_LABELS[reason] : null;

/** Public tracking reads the replica: a second of lag is invisible to someone following a parcel. */
type TrackingServices = Pick<Services, 'readReplica' | 'clock'>;

/**
 * Stored coordinates can be a rooftop (a remote geocoder, a driver's fix at the door): the public sees them
 * to two decimals, about a kilometre, like its street-less labels. So does the driver's live position, but
 * while the parcel is the driver's next drop (showsExactDriverFix), when it is shown as is.
 */
export const coarse = (n: number) => Math.round(n * 100) / 100;

function place(label: string | null, lat: number | null, lng: number | null) {
  if (label === null && (lat === null || lng === null)) return null;
  const hasCoords = lat !== null && lng !== null;
  return { label, formatted: label, lat: hasCoords ? coarse(lat) : null, lng: hasCoords ? coarse(lng) : null };
}

/**
 * Once the recipient was told the driver is about 10 minutes away (their drop is next), tracking says the same
 * minutes, counting down, until the hand-over.
 */
function arrivingSoonWords(d: { status: string; arrivingNoticeAt: Date | null }, estimate: Date | null, now: Date): string | null {
  if (!d.arrivingNoticeAt || !estimate || !['picked_up', 'in_transit'].includes(d.status)) return null;
  const minutes = Math.min(10, Math.max(1, Math.round((estimate.getTime() - now.getTime()) / 60_000)));
  return minutes === 1 ? 'About 1 minute away' : `About ${minutes} minutes away`;
}

async function trackingView(services: TrackingServices, rawTrackingNumber: string, zone: VisitorZone): Promise<TTrackingResult> {
  const { readReplica: db, clock } = services;
  const { delivery, events, driver, attemptReasons, pieceCount } = await findTrackedParcel(db, rawTrackingNumber);
  const now = clock.now();
  const shown = (at: Date) => ({ iso: at.toISOString(), display: formatLocalTime(at, now, zone) });

  let attempt = 0;
  // Dispatch's moves and the driver setting off happen away from the parcel: no place (the driver's is private).
  const placed = (e: (typeof events)[number]) => e.lat !== null && e.lng !== null && !PLACELESS_STATUSES.includes(e.status);
  const timeline = events.map((e) => {
    const at = shown(e.createdAt);
    const shownPlace = !PLACELESS_STATUSES.includes(e.status);
    return {
      status: e.status,
      location: shownPlace ? e.locationLabel : null,
      coords: placed(e) ? { lat: coarse(e.lat!), lng: coarse(e.lng!) } : null,
      timestamp: at.iso,
      displayTime: at.display,
      detail: e.status === 'failed_attempt' ? publicReason(attemptReasons[attempt++]) : null,
    };
  });

  const lastPlaced = events.findLast(placed);
  let current: { label: string | null; lat: number; lng: number; at: Date } | null = lastPlaced
    ? { label: lastPlaced.locationLabel, lat: coarse(lastPlaced.lat!), lng: coarse(lastPlaced.lng!), at: lastPlaced.createdAt }
    : null;
  // Present only while the parcel travels with its driver (see WITH_DRIVER).
  if (driver && (!current || driver.updatedAt > current.at)) {
    // Anyone with the number sees it: where the driver is to a kilometre, unless they are on their way to this door.
    const exact = await showsExactDriverFix(db, delivery.orderId);
    const [lat, lng] = exact ? [driver.lat, driver.lng] : [coarse(driver.lat), coarse(driver.lng)];
    // A place the public may see (the nearest town), never the words "In transit".
    current = { label: driver.label, lat, lng, at: driver.updatedAt };
  }
  if (current && !current.label) current.label = nearestGazetteerPlace(current.lat, current.lng)?.label ?? null;

  // A cancelled or returned delivery will not arrive: no estimate.
  const estimate = ['cancelled', 'returning', 'returned'].includes(delivery.status)
    ? null
    : (delivery.estimatedDelivery ?? delivery.requiredBy);
  const currentAt = current ? shown(current.at) : null;
  return {
    arrivingSoon: arrivingSoonWords(delivery, estimate, now),
    trackingNumber: delivery.orderId,
    status: delivery.status,
    pieceCount,
    onHold: holdStateOf(delivery) === 'held',
    rejected: delivery.receiptStatus === 'rejected',
    estimatedDelivery: estimate ? estimate.toISOString() : null,
    estimatedDeliveryDisplay: estimate ? formatLocalTime(estimate, now, zone) : null,
    origin: place(delivery.pickupLabel, delivery.pickupLat, delivery.pickupLng),
    destination: place(delivery.deliveryLabel, delivery.deliveryLat, delivery.deliveryLng),
    currentLocation:
      current && currentAt
        ? {
            label: current.label,
            formatted: current.label,
            lat: current.lat,
            lng: current.lng,
            updatedAt: currentAt.iso,
            displayTime: currentAt.display,
          }
        : null,
    currentLocationCoords: current ? { lat: current.lat, lng: current.lng } : null,
    timeline,
  };
}

/** The public tracking view: status, estimate, street-less places, the custody timeline (times in the visitor's zone). */
export async function trackDelivery(
  services: TrackingServices,
  _caller: Anonymous,
  input: { trackingNumber: string; zone: VisitorZone },
): Promise<TTrackingResponse> {
  return { success: true as const, data: await trackingView(services, input.trackingNumber, input.zone) };
}

/** What the feedback page needs: the order, its status, and whether feedback was already left. */
export async function trackingDetails(
  services: Pick<Services, 'db'>,
  _caller: Anonymous,
  input: { trackingNumber: string },
): Promise<TTrackingDetailsResponse> {
  const delivery = await findPublicDelivery(services.db, input.trackingNumber);
  const [left] = await services.db.select({ id: feedback.id }).from(feedback).where(eq(feedback.deliveryId, delivery.id)).limit(1);
  return {
    success: true as const,
    data: {
      orderId: delivery.orderId,
      status: delivery.status,
      rejected: delivery.receiptStatus === 'rejected',
      feedbackSubmitted: Boolean(left),
    },
  };
}
