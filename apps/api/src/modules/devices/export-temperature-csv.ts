import { asc, eq } from 'drizzle-orm';
import { temperatureReadings } from '../../db/schema/index.js';
import { notFound } from '../../platform/app-error.js';
import { csvTime, toCsv } from '../../platform/csv.js';
import { type Actor, mayReadTemperatureTrace } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { DELIVERY_NOT_FOUND } from '../deliveries/deliveries.queries.js';
import { findDeliveryRow } from '../deliveries/move-delivery.js';
import { boundaryWords, findBreaches, findGaps } from './breaches.js';
import { boundariesFor } from './temperature-rules.js';

const HEADER = ['Time', 'Celsius', 'Source', 'Logger', 'In range', 'Note'] as const;

/**
 * GET /api/v1/deliveries/{id}/temperature.csv: every reading of the parcel (probe, logger file, logger on its own)
 * with the breaches and gaps its loggers' traces show, for the owner and staff.
 */
export async function exportTemperatureCsv(services: Services, actor: Actor, input: { idOrTrackingNumber: string }) {
  const d = await findDeliveryRow(services, actor, input.idOrTrackingNumber);
  if (!mayReadTemperatureTrace(actor, d)) throw notFound(DELIVERY_NOT_FOUND);
  const readings = await services.db
    .select()
    .from(temperatureReadings)
    .where(eq(temperatureReadings.deliveryId, d.id))
    .orderBy(asc(temperatureReadings.at));
  const tz = services.env.BUSINESS_TZ;
  const rows: (string | number | null)[][] = readings.map((r) => [
    csvTime(r.at, tz),
    r.celsius,
    r.deviceId ? 'logger (live)' : r.source,
    r.deviceId,
    r.inRange ? 'yes' : 'no',
    null,
  ]);
  const boundaries = await boundariesFor(services.db, d.temperature);
  const loggers = [...new Set(readings.flatMap((r) => (r.deviceId ? [r.deviceId] : [])))];
  for (const deviceId of loggers) {
    const trace = readings.filter((r) => r.deviceId === deviceId);
    for (const b of findBreaches(trace, boundaries, 15 * 60_000))
      rows.push([csvTime(b.at, tz), b.celsius, 'breach', deviceId, 'no', `${boundaryWords(b.boundary)} (${b.boundary.severity})`]);
    const onBoardUntil = d.finishedAt ?? services.clock.now();
    for (const g of findGaps(trace, onBoardUntil))
      rows.push([csvTime(g.from, tz), null, 'gap', deviceId, null, `No reading until ${csvTime(g.to, tz)}`]);
  }
  return { csv: toCsv(HEADER, rows), fileName: `${d.orderId}-temperature.csv` };
}
