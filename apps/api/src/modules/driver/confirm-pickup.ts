import { normalizeTrackingNumber } from '@courier/contract';
import { badRequest, conflict } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import type { Actor } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { moveDelivery } from '../deliveries/move-delivery.js';
import { checkPickupHandling, type HandOverFacts, recordPickupHandling } from '../medical/pickup-checks.js';
import { placeOfFix } from './driver-place.js';
import { handOverFrom } from './hand-over-from.js';
import type { DriverMoveInput } from './start-pickup-run.js';

export const SCAN_MISSING = "scannedOrderId: Scan or type the tracking number on the parcel's label";
export const scanMismatch = (scanned: string) =>
  `The tracking number on this parcel (${scanned}) is not this delivery's. Check you have the right parcel; nothing was changed.`;

/** Read as tracking lookup reads it (spaces, dashes, case, I/L/O forgiven): labels print it plain, people type it every way. */
const normalized = (s: string) => normalizeTrackingNumber(s) ?? s.replace(/[\s-]/g, '').toUpperCase();

/**
 * The driver has the parcel: the tracking number read from its label (scanned or typed) must be this
 * delivery's, so the wrong parcel is never signed for.
 */
export async function confirmPickup(
  services: Services,
  actor: Actor,
  input: DriverMoveInput & { scannedOrderId?: string } & HandOverFacts,
) {
  return moveDelivery(services, actor, { idOrTrackingNumber: input.idOrTrackingNumber, to: 'picked_up' }, async (d) => {
    const scanned = input.scannedOrderId?.trim();
    if (!scanned) throw badRequest(SCAN_MISSING, 'scannedOrderId');
    if (normalized(scanned) !== normalized(d.orderId)) {
      // Nothing moves, but the wrong parcel in a driver's hands is on record for dispatch.
      await recordAudit(
        services.db,
        {
          actorId: actor.id,
          action: 'delivery.pickup_scan_mismatch',
          targetType: 'delivery',
          targetId: d.id,
          ip: actor.ip,
          details: { orderId: d.orderId, scannedOrderId: scanned.slice(0, 64) },
        },
        services.clock.now(),
      );
      throw conflict(scanMismatch(scanned));
    }
    // Every hand-over of a temperature-controlled parcel (or a UN3373 specimen) records its checks.
    checkPickupHandling(d, input);
    const within: typeof input.within = async (tx, row) => {
      await recordPickupHandling(tx, services, actor, row, input);
      await input.within?.(tx, row);
    };
    // A re-attempt by another driver: the parcel changes hands between drivers, where the first one is.
    const from = await handOverFrom(services.db, d);
    if (from) {
      return {
        place: placeOfFix(input.location) ?? { label: d.currentLabel, lat: d.currentLat, lng: d.currentLng },
        note: input.note || `Collected from ${from.name} (custody hand-over); label scanned`,
        audit: { action: 'delivery.pickup', details: { scannedOrderId: normalized(scanned), handOverFrom: from.driverId } },
        within,
      };
    }
    return {
      place: placeOfFix(input.location) ?? { label: d.pickupLabel, lat: d.pickupLat, lng: d.pickupLng },
      note: input.note || 'Picked up; label scanned',
      audit: { action: 'delivery.pickup', details: { scannedOrderId: normalized(scanned) } },
      within,
    };
  });
}
