import { normalizePieceBarcode, ON_BOARD_STATUSES, type TDriverJobResponse } from '@courier/contract';
import { and, eq } from 'drizzle-orm';
import { deliveryPieces, loggerBindings } from '../../db/schema/index.js';
import { badRequest, conflict } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { type Actor, assertAudience, hatsFor } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { toDriverJobJson } from '../../shared/driver-job-json.js';
import { appendHandlingEvent } from '../deliveries/custody.js';
import { findDeliveryRow } from '../deliveries/move-delivery.js';
import { lockDelivery } from '../medical/record-readings.js';

/**
 * The driver scans the logger in the cooler onto the parcel they carry: from then until the parcel is finished its
 * readings count for it (a custody event says so). `piece` (a barcode of this delivery) says which bag or cooler it
 * travels in; the readings still count for the whole delivery. Scanning the same logger again changes nothing, unless
 * it names another piece (or a piece where there was none): then the binding moves to that piece, with a custody event.
 * Scanning it again without a piece keeps the piece it has.
 */
export async function bindLogger(
  services: Services,
  actor: Actor,
  input: { idOrTrackingNumber: string; loggerId: string; piece?: string },
): Promise<TDriverJobResponse> {
  assertAudience(actor, 'driver');
  const d = await findDeliveryRow(services, actor, input.idOrTrackingNumber);
  if (!hatsFor(actor, d).includes('driver')) throw conflict('Only the assigned driver scans a logger onto the parcel');
  const deviceId = input.loggerId.trim();
  const scanned = input.piece ? normalizePieceBarcode(input.piece) : undefined;
  const answer = await services.db.transaction(async (tx) => {
    const row = await lockDelivery(tx, d.id);
    if (!ON_BOARD_STATUSES.includes(row.status))
      throw conflict(
        `A logger is scanned onto a parcel on board (picked up or in transit); this delivery is ${row.status.replaceAll('_', ' ')}`,
      );
    let piece: { id: string; barcode: string; kind: string } | undefined;
    if (scanned) {
      [piece] = await tx
        .select({ id: deliveryPieces.id, barcode: deliveryPieces.barcode, kind: deliveryPieces.kind })
        .from(deliveryPieces)
        .where(and(eq(deliveryPieces.deliveryId, d.id), eq(deliveryPieces.barcode, scanned)));
      if (!piece)
        throw badRequest(`${scanned} is not a piece of ${d.orderId}: scan the barcode of the bag or cooler the logger is in`, 'piece');
    }
    const [already] = await tx
      .select({ id: loggerBindings.id, pieceId: loggerBindings.pieceId })
      .from(loggerBindings)
      .where(and(eq(loggerBindings.deliveryId, d.id), eq(loggerBindings.deviceId, deviceId)));
    if (already && (!piece || already.pieceId === piece.id)) return `Logger ${deviceId} was already bound`;
    const now = services.clock.now();
    const where = piece ? `in ${piece.kind} ${piece.barcode}` : 'with the parcel';
    if (already) await tx.update(loggerBindings).set({ pieceId: piece?.id }).where(eq(loggerBindings.id, already.id));
    else await tx.insert(loggerBindings).values({ deviceId, deliveryId: d.id, pieceId: piece?.id, boundAt: now, boundBy: actor.id });
    await appendHandlingEvent(
      tx,
      row,
      actor,
      'logger',
      already ? `Data logger ${deviceId} travels ${where} now` : `Data logger ${deviceId} travels ${where}: its readings count from now`,
      now,
    );
    await recordAudit(
      tx,
      {
        actorId: actor.id,
        action: 'delivery.logger_bound',
        targetType: 'delivery',
        targetId: d.id,
        ip: actor.ip,
        details: { orderId: d.orderId, deviceId, ...(piece ? { piece: piece.barcode } : {}) },
      },
      now,
    );
    return piece ? `Logger ${deviceId} bound to ${piece.kind} ${piece.barcode}` : `Logger ${deviceId} bound to the parcel`;
  });
  return toDriverJobJson(services, actor, d.id, answer);
}
