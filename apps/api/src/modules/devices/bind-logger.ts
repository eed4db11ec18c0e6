import { ON_BOARD_STATUSES, type TDriverJobResponse } from '@courier/contract';
import { and, eq } from 'drizzle-orm';
import { loggerBindings } from '../../db/schema/index.js';
import { conflict } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { type Actor, assertAudience, hatsFor } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { toDriverJobJson } from '../../shared/driver-job-json.js';
import { appendHandlingEvent } from '../deliveries/custody.js';
import { findDeliveryRow } from '../deliveries/move-delivery.js';
import { lockDelivery } from '../medical/record-readings.js';

/**
 * The driver scans the logger in the cooler onto the parcel they carry: from then until the parcel is finished its
 * readings count for it (a custody event says so). Scanning the same logger again changes nothing.
 */
export async function bindLogger(
  services: Services,
  actor: Actor,
  input: { idOrTrackingNumber: string; loggerId: string },
): Promise<TDriverJobResponse> {
  assertAudience(actor, 'driver');
  const d = await findDeliveryRow(services, actor, input.idOrTrackingNumber);
  if (!hatsFor(actor, d).includes('driver')) throw conflict('Only the assigned driver scans a logger onto the parcel');
  const deviceId = input.loggerId.trim();
  const bound = await services.db.transaction(async (tx) => {
    const row = await lockDelivery(tx, d.id);
    if (!ON_BOARD_STATUSES.includes(row.status))
      throw conflict(
        `A logger is scanned onto a parcel on board (picked up or in transit); this delivery is ${row.status.replaceAll('_', ' ')}`,
      );
    const [already] = await tx
      .select({ id: loggerBindings.id })
      .from(loggerBindings)
      .where(and(eq(loggerBindings.deliveryId, d.id), eq(loggerBindings.deviceId, deviceId)));
    if (already) return false;
    const now = services.clock.now();
    await tx.insert(loggerBindings).values({ deviceId, deliveryId: d.id, boundAt: now, boundBy: actor.id });
    await appendHandlingEvent(
      tx,
      row,
      actor,
      'logger',
      `Data logger ${deviceId} travels with the parcel: its readings count from now`,
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
        details: { orderId: d.orderId, deviceId },
      },
      now,
    );
    return true;
  });
  return toDriverJobJson(services, actor, d.id, bound ? `Logger ${deviceId} bound to the parcel` : `Logger ${deviceId} was already bound`);
}
