import { HOLD_TEMPERATURE, TEMPERATURE_RANGES, type TReadingSource, isTemperatureControlled, temperatureInRange } from '@courier/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { deliveries, temperatureReadings } from '../../db/schema/index.js';
import { AppError } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import type { Actor } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { appendHandlingEvent, type CustodyKind } from '../deliveries/custody.js';
import { placeHold } from '../deliveries/place-hold.js';
import type { DeliveryRow } from '../../shared/delivery-json.js';
import { sendMedicalMessages } from '../messages/medical-messages.js';

export interface Reading {
  celsius: number;
  at: Date;
  /** A data logger's row: its line in the file, to name in a refusal. */
  line?: number;
}

/** A phone's or logger's clock may differ from ours a little, either way. */
export const READING_CLOCK_SKEW_MS = 2 * 60_000;

/**
 * A driver's reading is dated within the trip: not before the parcel was picked up (it was not on board) and
 * not after now (plus the skew). Anything else would put a made-up time in the custody chain: 422 naming `at`,
 * or the logger file's line.
 */
export function assertReadingTimes(d: Pick<DeliveryRow, 'pickedUpAt' | 'createdAt'>, readings: Reading[], now: Date) {
  const from = (d.pickedUpAt ?? d.createdAt).getTime() - READING_CLOCK_SKEW_MS;
  const until = now.getTime() + READING_CLOCK_SKEW_MS;
  for (const r of readings) {
    const at = r.at.getTime();
    if (at >= from && at <= until) continue;
    const why =
      at < from ? `is before the parcel was picked up (${new Date(from + READING_CLOCK_SKEW_MS).toISOString()})` : 'is in the future';
    const field = r.line === undefined ? 'at' : `line ${r.line}`;
    const what = r.line === undefined ? "at: The reading's time" : `line ${r.line}: time ${r.at.toISOString()}`;
    throw new AppError('READING_TIME_REFUSED', `${what} ${why}`, { field });
  }
}

const fmt = (c: number) => `${Number.isInteger(c) ? c.toFixed(1) : String(Math.round(c * 100) / 100)} °C`;

export const rangeText = (temperature: string) => {
  if (!isTemperatureControlled(temperature)) return 'no range';
  const r = TEMPERATURE_RANGES[temperature];
  return `${r.min} to ${r.max} °C`;
};

/** Locks the delivery for an append to its custody chain (two appends never read the same last event). */
export async function lockDelivery(tx: DbOrTx, id: string): Promise<DeliveryRow> {
  const [row] = await tx.select().from(deliveries).where(eq(deliveries.id, id)).for('update');
  return row;
}

/**
 * Appends readings to a delivery whose row the caller holds locked: the readings, a custody event (one per
 * probe reading, one summary for a logger's file), and, on the first reading out of the class's range, the
 * hold (its own custody event) and the messages to staff and the owner. Readings are never changed.
 */
export async function recordReadings(
  tx: DbOrTx,
  services: Pick<Services, 'publicUrl' | 'clock'>,
  actor: Actor,
  d: DeliveryRow,
  input: { readings: Reading[]; source: TReadingSource; context: string },
  now: Date,
): Promise<{ excursions: number; held: DeliveryRow | null }> {
  const rows = input.readings.map((r) => ({
    deliveryId: d.id,
    celsius: r.celsius,
    at: r.at,
    source: input.source,
    inRange: temperatureInRange(d.temperature, r.celsius),
    recordedBy: actor.id,
    createdAt: now,
  }));
  for (let i = 0; i < rows.length; i += 1000) await tx.insert(temperatureReadings).values(rows.slice(i, i + 1000));
  const out = rows.filter((r) => !r.inRange);
  const event = (note: string, kind: CustodyKind) => appendHandlingEvent(tx, d, actor, kind, note, now);
  if (input.source === 'probe') {
    for (const r of rows)
      await event(
        `Temperature ${fmt(r.celsius)} at ${r.at.toISOString()} (${input.context}, probe): ${r.inRange ? 'in range' : `OUT OF RANGE (${rangeText(d.temperature)})`}`,
        'temperature',
      );
  } else if (rows.length) {
    const cs = rows.map((r) => r.celsius);
    const times = rows.map((r) => r.at.getTime());
    await event(
      `Data logger: ${rows.length} readings from ${new Date(Math.min(...times)).toISOString()} to ${new Date(Math.max(...times)).toISOString()}, min ${fmt(Math.min(...cs))}, max ${fmt(Math.max(...cs))}, ${out.length} out of range (${rangeText(d.temperature)})`,
      'logger',
    );
  }
  await recordAudit(
    tx,
    {
      actorId: actor.id,
      action: 'delivery.temperature',
      targetType: 'delivery',
      targetId: d.id,
      ip: actor.ip,
      details: { orderId: d.orderId, source: input.source, readings: rows.length, excursions: out.length },
    },
    now,
  );
  if (!out.length) return { excursions: out.length, held: null };
  const first = out[0];
  const held = await placeHold(
    tx,
    services,
    actor,
    d,
    {
      reason: HOLD_TEMPERATURE,
      note: `On hold for temperature: ${fmt(first.celsius)} at ${first.at.toISOString()} is outside ${rangeText(d.temperature)}`,
      details: { celsius: first.celsius },
      within: (t, row) => sendMedicalMessages(t, services, row, 'hold', now),
    },
    now,
  );
  return { excursions: out.length, held };
}
