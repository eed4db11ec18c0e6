import type { TTemperatureBoundary, TTemperatureClass, TTemperatureTrace } from '@courier/contract';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { deliveryPieces, loggerBindings, temperatureReadings, temperatureRules } from '../db/schema/index.js';
import { boundaryWords, defaultBoundaries, findBreaches, findGaps, MAX_STEP_MS, spanBeyond } from './temperature-breaches.js';

/** The boundaries a class's parcels are held against: the administrator's, else the class's range at once. */
export async function boundariesFor(db: DbOrTx, temperatureClass: string): Promise<TTemperatureBoundary[]> {
  const [rule] = await db.select().from(temperatureRules).where(eq(temperatureRules.temperatureClass, temperatureClass));
  return rule?.boundaries ?? defaultBoundaries(temperatureClass);
}

/** What a trace needs of the parcel. */
export interface TraceParcel {
  id: string;
  orderId: string;
  temperature: string;
  /** The parcel's end (delivered, returned, cancelled); null while it is still out. */
  finishedAt: Date | null;
}

/**
 * The parcel's temperature trace: every reading (probe, logger file, logger on its own), its class's boundaries,
 * and per logger its breaches (with the span beyond) and its silences. The one reading the JSON, the CSV, the
 * receiving page and the custody PDF share. Callers check who may read it.
 */
export async function readTemperatureTraceOf(db: DbOrTx, d: TraceParcel, now: Date): Promise<TTemperatureTrace> {
  const rows = await db
    .select({
      at: temperatureReadings.at,
      celsius: temperatureReadings.celsius,
      source: temperatureReadings.source,
      deviceId: temperatureReadings.deviceId,
      inRange: temperatureReadings.inRange,
    })
    .from(temperatureReadings)
    .where(eq(temperatureReadings.deliveryId, d.id))
    .orderBy(asc(temperatureReadings.at));
  const boundaries = await boundariesFor(db, d.temperature);
  // The piece each logger travels in, when the driver named one.
  const pieceOf = new Map(
    (
      await db
        .select({ deviceId: loggerBindings.deviceId, barcode: deliveryPieces.barcode })
        .from(loggerBindings)
        .innerJoin(deliveryPieces, eq(deliveryPieces.id, loggerBindings.pieceId))
        .where(and(eq(loggerBindings.deliveryId, d.id), isNotNull(loggerBindings.pieceId)))
    ).map((b) => [b.deviceId, b.barcode]),
  );
  const inPiece = (deviceId: string | null) => {
    const piece = deviceId ? pieceOf.get(deviceId) : undefined;
    return piece ? { piece } : {};
  };
  const breaches: TTemperatureTrace['breaches'] = [];
  const gaps: TTemperatureTrace['gaps'] = [];
  const until = d.finishedAt ?? now;
  const loggers = [...new Set(rows.flatMap((r) => (r.deviceId ? [r.deviceId] : [])))].sort();
  for (const deviceId of loggers) {
    const trace = rows.filter((r) => r.deviceId === deviceId);
    for (const b of findBreaches(trace, boundaries, MAX_STEP_MS)) {
      const span = spanBeyond(trace, b.boundary, MAX_STEP_MS) ?? { from: b.at, to: b.at };
      breaches.push({
        deviceId,
        ...inPiece(deviceId),
        at: b.at.toISOString(),
        celsius: b.celsius,
        boundary: b.boundary,
        words: `${boundaryWords(b.boundary)} (${b.boundary.severity})`,
        from: span.from.toISOString(),
        to: span.to.toISOString(),
      });
    }
    for (const g of findGaps(trace, until))
      gaps.push({
        deviceId,
        ...inPiece(deviceId),
        from: g.from.toISOString(),
        to: g.to.toISOString(),
        open: !d.finishedAt && g.to.getTime() === until.getTime(),
      });
  }
  return {
    orderId: d.orderId,
    temperatureClass: d.temperature as TTemperatureClass,
    readings: rows.map((r) => ({
      at: r.at.toISOString(),
      celsius: r.celsius,
      source: r.source === 'probe' ? 'probe' : 'logger',
      deviceId: r.deviceId,
      ...inPiece(r.deviceId),
      inRange: r.inRange,
    })),
    boundaries,
    breaches: breaches.sort((a, b) => a.at.localeCompare(b.at)),
    gaps: gaps.sort((a, b) => a.from.localeCompare(b.from)),
  };
}
