import { notFound } from '../../platform/app-error.js';
import { csvTime, toCsv } from '../../platform/csv.js';
import { type Actor, mayReadTemperatureTrace } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { readTemperatureTraceOf } from '../../shared/temperature-trace.js';
import { DELIVERY_NOT_FOUND } from '../deliveries/deliveries.queries.js';
import { findDeliveryRow } from '../deliveries/move-delivery.js';

const HEADER = ['Time', 'Celsius', 'Source', 'Logger', 'Piece', 'In range', 'Note'] as const;

/**
 * GET /api/v1/deliveries/{id}/temperature.csv: every reading of the parcel (probe, logger file, logger on its own)
 * with the breaches and gaps its loggers' traces show, each logger's piece when it travels in one, for the owner
 * and staff.
 */
export async function exportTemperatureCsv(services: Services, actor: Actor, input: { idOrTrackingNumber: string }) {
  const d = await findDeliveryRow(services, actor, input.idOrTrackingNumber);
  if (!mayReadTemperatureTrace(actor, d)) throw notFound(DELIVERY_NOT_FOUND);
  const trace = await readTemperatureTraceOf(services.db, d, services.clock.now());
  const tz = services.env.BUSINESS_TZ;
  const time = (iso: string) => csvTime(new Date(iso), tz);
  const rows: (string | number | null)[][] = trace.readings.map((r) => [
    time(r.at),
    r.celsius,
    r.deviceId ? 'logger (live)' : r.source,
    r.deviceId,
    r.piece ?? null,
    r.inRange ? 'yes' : 'no',
    null,
  ]);
  for (const b of trace.breaches) rows.push([time(b.at), b.celsius, 'breach', b.deviceId, b.piece ?? null, 'no', b.words]);
  for (const g of trace.gaps) rows.push([time(g.from), null, 'gap', g.deviceId, g.piece ?? null, null, `No reading until ${time(g.to)}`]);
  return { csv: toCsv(HEADER, rows), fileName: `${d.orderId}-temperature.csv` };
}
