import type { TDriverManifest, TDriverManifestsResponse, TPieceKind, TPieceStatus } from '@courier/contract';
import { type Actor, assertAudience } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { localClock } from '../../shared/business-time.js';
import { driverDayDeliveries, piecesOf } from './manifest.js';

/**
 * GET /driver/manifests?date=: the caller's own deliveries of one business day (default today), grouped as the lab
 * door groups them: one manifest per address, with each delivery's clinic and pieces.
 */
export async function listDriverManifests(services: Services, actor: Actor, input: { date?: string }): Promise<TDriverManifestsResponse> {
  assertAudience(actor, 'driver');
  const now = services.clock.now();
  const tz = services.env.BUSINESS_TZ;
  const date = input.date ?? localClock(now, tz).date;
  const rows = await driverDayDeliveries(services.db, actor.id, date, tz, now);
  const pieces = await piecesOf(
    services.db,
    rows.map((r) => r.d.id),
  );
  const manifests = new Map<string, TDriverManifest>();
  for (const { d, clinic, addressKey } of rows) {
    const mine = pieces.filter((p) => p.deliveryId === d.id);
    const m = manifests.get(addressKey) ?? { address: d.deliveryAddress, deliveryCount: 0, pieceCount: 0, deliveries: [] };
    m.deliveryCount += 1;
    m.pieceCount += mine.length;
    m.deliveries.push({
      _id: d.id,
      orderId: d.orderId,
      status: d.status,
      clinic: clinic ?? '',
      pieceCount: mine.length,
      reconciled: d.receiptStatus !== null,
      pieces: mine.map((p) => ({
        barcode: p.barcode,
        seq: p.seq,
        kind: p.kind as TPieceKind,
        accession: p.accession,
        status: p.status as TPieceStatus,
      })),
    });
    manifests.set(addressKey, m);
  }
  return { success: true, date, data: [...manifests.values()] };
}
