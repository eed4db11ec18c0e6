import { HOLD_TEMPERATURE, HOLDABLE_STATUSES, type TDeviceReadingsRequest, temperatureInRange } from '@courier/contract';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { deliveries, devices, loggerBindings, temperatureReadings } from '../../db/schema/index.js';
import { AppError, forbidden } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { type Actor, mayReportLoggerReadings } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import type { DeliveryRow } from '../../shared/delivery-json.js';
import { appendHandlingEvent } from '../deliveries/custody.js';
import { placeHold } from '../deliveries/place-hold.js';
import { lockDelivery, READING_CLOCK_SKEW_MS } from '../medical/record-readings.js';
import { sendMedicalMessages } from '../messages/medical-messages.js';
import { boundaryWords, findBreaches, MAX_STEP_MS } from '../../shared/temperature-breaches.js';
import { boundariesFor } from '../../shared/temperature-trace.js';

interface Binding {
  deliveryId: string;
  boundAt: Date;
  /** The parcel's end (delivered, returned, cancelled): the binding's release. */
  finishedAt: Date | null;
  customerId: string;
  accountId: string;
  driverId: string | null;
  status: DeliveryRow['status'];
}

const fmt = (c: number) => `${Math.round(c * 100) / 100} °C`;

/**
 * A logger's readings, sent by itself or its gateway (POST /api/v1/devices/readings): each goes to every parcel
 * the logger was bound to at its time, in any order and hours late; a reading no binding covers refuses the call
 * (422 naming it). Resent readings are stored once. Each parcel's trace is then held against its class's
 * boundaries: a breach places the same hold a probe excursion does, in the same transaction.
 */
export async function recordDeviceReadings(services: Services, actor: Actor, input: TDeviceReadingsRequest) {
  const now = services.clock.now();
  const { deviceId, readings } = input;
  const bindings: Binding[] = await services.db
    .select({
      deliveryId: loggerBindings.deliveryId,
      boundAt: loggerBindings.boundAt,
      finishedAt: deliveries.finishedAt,
      customerId: deliveries.customerId,
      accountId: deliveries.accountId,
      driverId: deliveries.driverId,
      status: deliveries.status,
    })
    .from(loggerBindings)
    .innerJoin(deliveries, eq(deliveries.id, loggerBindings.deliveryId))
    .where(eq(loggerBindings.deviceId, deviceId));
  const mine = bindings.filter((b) => mayReportLoggerReadings(actor, b));
  if (bindings.length > 0 && mine.length === 0) throw forbidden('This logger travels with parcels of another account');
  const byDelivery = new Map<string, { celsius: number; at: Date }[]>();
  readings.forEach((r, i) => {
    const at = r.at.getTime();
    const covering = mine.filter(
      (b) => at >= b.boundAt.getTime() - READING_CLOCK_SKEW_MS && at <= (b.finishedAt ?? now).getTime() + READING_CLOCK_SKEW_MS,
    );
    if (covering.length === 0)
      throw new AppError(
        'READING_TIME_REFUSED',
        `readings[${i}].at: ${r.at.toISOString()} is outside every time logger ${deviceId} travelled with a parcel`,
        { field: `readings[${i}].at` },
      );
    for (const b of covering) byDelivery.set(b.deliveryId, [...(byDelivery.get(b.deliveryId) ?? []), r]);
  });

  const result = await services.db.transaction(async (tx) => {
    await tx
      .insert(devices)
      .values({ deviceId, lastHeardAt: now })
      .onConflictDoUpdate({ target: devices.deviceId, set: { lastHeardAt: now } });
    let accepted = 0;
    const held: string[] = [];
    for (const [deliveryId, rows] of [...byDelivery].sort(([a], [b]) => a.localeCompare(b))) {
      const d = await lockDelivery(tx, deliveryId);
      const stored = await tx
        .insert(temperatureReadings)
        .values(
          rows.map((r) => ({
            deliveryId,
            celsius: r.celsius,
            at: r.at,
            source: 'logger',
            inRange: temperatureInRange(d.temperature, r.celsius),
            recordedBy: actor.id,
            deviceId,
            createdAt: now,
          })),
        )
        .onConflictDoNothing({
          target: [temperatureReadings.deliveryId, temperatureReadings.deviceId, temperatureReadings.at],
          where: sql`${temperatureReadings.deviceId} IS NOT NULL`,
        })
        .returning({ celsius: temperatureReadings.celsius, at: temperatureReadings.at });
      accepted = Math.max(accepted, stored.length);
      if (stored.length === 0) continue;
      const cs = stored.map((r) => r.celsius);
      const times = stored.map((r) => r.at.getTime());
      await appendHandlingEvent(
        tx,
        d,
        actor,
        'logger',
        `Logger ${deviceId} reported ${stored.length} reading${stored.length === 1 ? '' : 's'} from ${new Date(Math.min(...times)).toISOString()} to ${new Date(Math.max(...times)).toISOString()}, min ${fmt(Math.min(...cs))}, max ${fmt(Math.max(...cs))}`,
        now,
      );
      await recordAudit(
        tx,
        {
          actorId: actor.id,
          action: 'delivery.temperature',
          targetType: 'delivery',
          targetId: d.id,
          ip: actor.ip,
          details: { orderId: d.orderId, source: 'device', deviceId, readings: stored.length },
        },
        now,
      );
      if (await holdOnBreach(tx, services, actor, d, deviceId, now)) held.push(d.orderId);
    }
    return { accepted, duplicates: readings.length - accepted, held };
  });
  services.outbox.kick();
  return { success: true as const, ...result };
}

/** The parcel's whole logger trace against its class's boundaries; the first breach holds a parcel on board. */
async function holdOnBreach(tx: Tx, services: Services, actor: Actor, d: DeliveryRow, deviceId: string, now: Date): Promise<boolean> {
  if (d.holdSince || !HOLDABLE_STATUSES.includes(d.status)) return false;
  const boundaries = await boundariesFor(tx, d.temperature);
  if (boundaries.length === 0) return false;
  const trace = await tx
    .select({ at: temperatureReadings.at, celsius: temperatureReadings.celsius })
    .from(temperatureReadings)
    .where(
      and(
        eq(temperatureReadings.deliveryId, d.id),
        isNotNull(temperatureReadings.deviceId),
        inArray(temperatureReadings.deviceId, [deviceId]),
      ),
    )
    .orderBy(asc(temperatureReadings.at));
  const [breach] = findBreaches(trace, boundaries, MAX_STEP_MS);
  if (!breach) return false;
  const held = await placeHold(
    tx,
    services,
    actor,
    d,
    {
      reason: HOLD_TEMPERATURE,
      note: `On hold for temperature: logger ${deviceId} read ${fmt(breach.celsius)}, ${boundaryWords(breach.boundary)} (${breach.boundary.severity}), reached at ${breach.at.toISOString()}`,
      details: { deviceId, celsius: breach.celsius, boundary: breach.boundary },
      within: (t, row) => sendMedicalMessages(t, services, row, 'hold', now),
    },
    now,
  );
  return held !== null;
}
