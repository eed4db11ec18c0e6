import { FINAL_STATUSES } from '@courier/contract';
import { and, desc, eq, inArray, isNotNull, notInArray } from 'drizzle-orm';
import { deliveries, deliveryPieces, devices, loggerBindings, temperatureReadings } from '../../db/schema/index.js';
import { forbidden } from '../../platform/app-error.js';
import { type Actor, mayReadDevices } from '../../platform/policy.js';
import type { Services } from '../../services.js';

/** GET /api/v1/admin/devices: each logger's last reading, when it was last heard from, and the parcels it travels with now. */
export async function listDevices(services: Services, actor: Actor) {
  if (!mayReadDevices(actor)) throw forbidden();
  const db = services.db;
  const heard = await db.select().from(devices).orderBy(desc(devices.lastHeardAt)).limit(500);
  if (heard.length === 0) return [];
  const ids = heard.map((d) => d.deviceId);
  const last = await db
    .selectDistinctOn([temperatureReadings.deviceId], {
      deviceId: temperatureReadings.deviceId,
      at: temperatureReadings.at,
      celsius: temperatureReadings.celsius,
    })
    .from(temperatureReadings)
    .where(and(isNotNull(temperatureReadings.deviceId), inArray(temperatureReadings.deviceId, ids)))
    .orderBy(temperatureReadings.deviceId, desc(temperatureReadings.at));
  const bound = await db
    .select({ deviceId: loggerBindings.deviceId, deliveryId: deliveries.id, orderId: deliveries.orderId, piece: deliveryPieces.barcode })
    .from(loggerBindings)
    .innerJoin(deliveries, eq(deliveries.id, loggerBindings.deliveryId))
    .leftJoin(deliveryPieces, eq(deliveryPieces.id, loggerBindings.pieceId))
    .where(and(inArray(loggerBindings.deviceId, ids), notInArray(deliveries.status, [...FINAL_STATUSES])));
  return heard.map((d) => {
    const reading = last.find((r) => r.deviceId === d.deviceId);
    return {
      deviceId: d.deviceId,
      lastReadingAt: reading?.at.toISOString() ?? null,
      lastCelsius: reading?.celsius ?? null,
      lastHeardAt: d.lastHeardAt.toISOString(),
      boundTo: bound
        .filter((b) => b.deviceId === d.deviceId)
        .map(({ deliveryId, orderId, piece }) => ({ deliveryId, orderId, ...(piece ? { piece } : {}) })),
    };
  });
}
