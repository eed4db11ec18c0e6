import {
  CELSIUS_MAX,
  CELSIUS_MIN,
  ON_BOARD_STATUSES,
  TEMPERATURE_LOG_MAX_ROWS,
  type TDriverJobResponse,
  type TReadingSource,
} from '@courier/contract';
import { parse } from 'csv-parse/sync';
import { badRequest, conflict } from '../../platform/app-error.js';
import { applyOnce } from '../../platform/idempotency.js';
import { type Actor, assertAudience, hatsFor } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { findDeliveryRow } from '../deliveries/move-delivery.js';
import { toDriverJobJson } from '../../shared/driver-job-json.js';
import { assertReadingTimes, lockDelivery, type Reading, recordReadings } from './record-readings.js';

export interface TemperatureInput {
  idOrTrackingNumber: string;
  idempotencyKey?: string;
}

/**
 * Readings go on the parcel the caller drives while it is on board; a retried upload (same key) applies once.
 * `sent` is the request as the driver sent it: the key's fingerprint is of that, before defaults (a probe
 * reading's `at` = now) are filled in, so a retry without `at` is the same request and gets the first answer.
 */
async function addReadings(
  services: Services,
  actor: Actor,
  input: TemperatureInput,
  source: TReadingSource,
  sent: unknown,
  readingsOf: (now: Date) => Reading[],
): Promise<TDriverJobResponse> {
  assertAudience(actor, 'driver');
  const d = await findDeliveryRow(services, actor, input.idOrTrackingNumber);
  if (!hatsFor(actor, d).includes('driver')) throw conflict('Only the assigned driver records its temperature');
  const scope = `temperature:${source}:${d.id}`;
  return applyOnce(services, { actorId: actor.id, key: input.idempotencyKey, scope, request: sent }, async (claim) => {
    const now = services.clock.now();
    const readings = readingsOf(now);
    const { excursions } = await services.db.transaction(async (tx) => {
      const row = await lockDelivery(tx, d.id);
      if (!ON_BOARD_STATUSES.includes(row.status))
        throw conflict(
          `Temperature is recorded while the parcel is on board (picked up or in transit); this delivery is ${row.status.replaceAll('_', ' ')}`,
        );
      assertReadingTimes(row, readings, now);
      const result = await recordReadings(tx, services, actor, row, { readings, source, context: 'en route' }, now);
      await claim?.(tx);
      return result;
    });
    services.outbox.kick();
    const words = `${readings.length} reading${readings.length === 1 ? '' : 's'} recorded`;
    return toDriverJobJson(services, actor, d.id, excursions ? `${words}; out of range: the delivery is on hold` : words);
  });
}

/** POST /driver/deliveries/{id}/temperature: one probe reading, now or at the time given. */
export async function recordTemperature(services: Services, actor: Actor, input: TemperatureInput & { celsius: number; at?: string }) {
  const sent = { celsius: input.celsius, at: input.at };
  return addReadings(services, actor, input, 'probe', sent, (now) => [{ celsius: input.celsius, at: input.at ? new Date(input.at) : now }]);
}

/**
 * A data logger's export: `time,celsius` rows (a header line with those names is skipped), up to 10,000.
 * A bad row answers 400 naming its line (1-based, as an editor shows it); nothing is kept then.
 */
export function parseTemperatureLog(text: string): Reading[] {
  let records: string[][];
  try {
    records = parse(text, { skip_empty_lines: true, trim: true, relax_column_count: true, bom: true });
  } catch (err) {
    const line = (err as { lines?: number }).lines ?? 1;
    throw badRequest(`line ${line}: not valid CSV`, `line ${line}`);
  }
  // csv-parse's skip_empty_lines drops blank lines, so line numbers are counted from the text itself.
  const lineNumbers: number[] = [];
  text.split(/\r\n|\n|\r/).forEach((l, i) => {
    if (l.trim()) lineNumbers.push(i + 1);
  });
  const header = records[0]?.map((c) => c.toLowerCase().replace(/^\uFEFF/, ''));
  const start = header && header[0] === 'time' && header[1]?.startsWith('celsius') ? 1 : 0;
  const rows = records.slice(start);
  if (rows.length === 0) throw badRequest('body: The file has no readings (time,celsius rows)', 'body');
  if (rows.length > TEMPERATURE_LOG_MAX_ROWS)
    throw badRequest(`body: At most ${TEMPERATURE_LOG_MAX_ROWS} readings per file (this one has ${rows.length})`, 'body');
  return rows.map((r, i) => {
    const line = lineNumbers[i + start] ?? i + start + 1;
    const bad = (why: string) => badRequest(`line ${line}: ${why}`, `line ${line}`);
    if (r.length !== 2) throw bad('expected two columns, time and celsius');
    const at = new Date(r[0]);
    if (!r[0] || Number.isNaN(at.getTime())) throw bad(`time "${r[0].slice(0, 40)}" is not a date and time`);
    const celsius = Number(r[1]);
    if (r[1] === '' || !Number.isFinite(celsius)) throw bad(`celsius "${r[1].slice(0, 20)}" is not a number`);
    if (celsius < CELSIUS_MIN || celsius > CELSIUS_MAX) throw bad(`celsius ${celsius} is outside ${CELSIUS_MIN} to ${CELSIUS_MAX}`);
    return { celsius, at, line };
  });
}

/** POST /driver/deliveries/{id}/temperature-log: a data logger's CSV (text/csv). */
export async function uploadTemperatureLog(services: Services, actor: Actor, input: TemperatureInput & { csv: string }) {
  assertAudience(actor, 'driver');
  const readings = parseTemperatureLog(input.csv);
  return addReadings(services, actor, input, 'logger', { csv: input.csv }, () => readings);
}
