import type { Actor } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { moveDelivery } from '../deliveries/move-delivery.js';
import { type PieceHandOverInput, planPieceHandOver, writePieceHandOver } from '../deliveries/piece-handover.js';
import { openHandOverCases } from '../medical/piece-cases.js';
import { checkPickupHandling, type HandOverFacts, recordPickupHandling } from '../medical/pickup-checks.js';
import { placeOfFix } from './driver-place.js';
import { handOverFrom } from './hand-over-from.js';
import type { DriverMoveInput } from './start-pickup-run.js';

export { SCAN_MISSING, scanMismatch } from '../deliveries/piece-handover.js';

/**
 * The driver has the parcel: every piece's label scanned (or typed), each one this delivery's, so the wrong
 * parcel is never signed for; a piece left behind is named with its reason, and the rest travel. Today's one
 * tracking number (scannedOrderId) still stands for the one piece of a one-piece delivery.
 */
export async function confirmPickup(services: Services, actor: Actor, input: DriverMoveInput & PieceHandOverInput & HandOverFacts) {
  return moveDelivery(services, actor, { idOrTrackingNumber: input.idOrTrackingNumber, to: 'picked_up' }, async (d) => {
    const pieces = await planPieceHandOver(services, actor, d, input, 'pickup');
    // Every hand-over of a temperature-controlled parcel (or a UN3373 specimen) records its checks.
    checkPickupHandling(d, input);
    const within: typeof input.within = async (tx, row) => {
      await recordPickupHandling(tx, services, actor, row, input);
      if (pieces) {
        await writePieceHandOver(tx, services, actor, row, pieces);
        await openHandOverCases(tx, services, actor, pieces, row.id, services.clock.now());
      }
      await input.within?.(tx, row);
    };
    const scans = pieces?.scanned.map((s) => s.piece.barcode) ?? [];
    const scanned = {
      scannedOrderId: d.orderId,
      scannedPieces: scans,
      ...(pieces?.missing.length ? { missingPieces: pieces.missing.map((m) => ({ seq: m.piece.seq, reason: m.reason })) } : {}),
    };
    const labels = pieces && pieces.total > 1 ? `${scans.length} of ${pieces.total} pieces scanned` : 'label scanned';
    // A re-attempt by another driver: the parcel changes hands between drivers, where the first one is.
    const from = await handOverFrom(services.db, d);
    if (from) {
      return {
        place: placeOfFix(input.location) ?? { label: d.currentLabel, lat: d.currentLat, lng: d.currentLng },
        note: input.note || `Collected from ${from.name} (custody hand-over); ${labels}`,
        audit: { action: 'delivery.pickup', details: { ...scanned, handOverFrom: from.driverId } },
        within,
      };
    }
    return {
      place: placeOfFix(input.location) ?? { label: d.pickupLabel, lat: d.pickupLat, lng: d.pickupLng },
      note: input.note || `Picked up; ${labels}`,
      audit: { action: 'delivery.pickup', details: scanned },
      within,
    };
  });
}
