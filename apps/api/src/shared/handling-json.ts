import {
  pickUpByOf,
  type TDispositionAction,
  type THandling,
  type TPriority,
  type TReadingSource,
  type TReceiptStatus,
  type TSpecimenCategory,
  type TTemperatureClass,
} from '@courier/contract';
import { sql } from 'drizzle-orm';
import { deliveries, temperatureReadings } from '../db/schema/index.js';
import type { DeliveryRow } from './answer-types.js';

/** A reading as the views' subquery answers it: the time in epoch milliseconds (no time-zone text to parse). */
export interface RawReading {
  celsius: number;
  at: number;
  source: TReadingSource;
  inRange: boolean;
}

/** The delivery's readings in time order, in the same query as the row (one round trip for a page of deliveries). */
export const readingsColumn = sql<RawReading[] | null>`(
  select json_agg(json_build_object(
    'celsius', ${temperatureReadings.celsius},
    'at', floor(extract(epoch from ${temperatureReadings.at}) * 1000),
    'source', ${temperatureReadings.source},
    'inRange', ${temperatureReadings.inRange}
  ) order by ${temperatureReadings.at}, ${temperatureReadings.createdAt})
  from ${temperatureReadings} where ${temperatureReadings.deliveryId} = ${deliveries.id}
)`;

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** The handling fields every delivery answer carries (owner, staff, driver); the ID check is never among them. */
export function toHandlingJson(d: DeliveryRow, readings: RawReading[] | null | undefined): THandling {
  const specimen =
    d.specimenCategory && d.specimenCollectedAt && d.specimenStableHours !== null && d.stabilityDeadline
      ? {
          category: d.specimenCategory as TSpecimenCategory,
          collectedAt: d.specimenCollectedAt.toISOString(),
          stableForHours: d.specimenStableHours,
          stabilityDeadline: d.stabilityDeadline.toISOString(),
        }
      : null;
  return {
    priority: d.priority as TPriority,
    temperature: d.temperature as TTemperatureClass,
    specimen,
    stabilityDeadline: iso(d.stabilityDeadline),
    controlledSubstance: d.controlledSubstance,
    pickUpBy: iso(pickUpByOf(d.priority, d.approvedAt)),
    temperatureReadings: (readings ?? []).map((r) => ({
      celsius: Number(r.celsius),
      at: new Date(Number(r.at)).toISOString(),
      source: r.source,
      inRange: r.inRange,
    })),
    hold: d.holdReason && d.holdSince ? { reason: d.holdReason, since: d.holdSince.toISOString() } : null,
    disposition:
      d.dispositionAction && d.dispositionAt
        ? { action: d.dispositionAction as TDispositionAction, note: d.dispositionNote ?? '', at: d.dispositionAt.toISOString() }
        : null,
    receipt:
      d.receiptStatus && d.receiptReceivedAt
        ? {
            status: d.receiptStatus as TReceiptStatus,
            reason: d.receiptReason,
            comment: d.receiptComment,
            receivedBy: d.receiptReceivedBy ?? '',
            receivedAt: d.receiptReceivedAt.toISOString(),
          }
        : null,
  };
}
