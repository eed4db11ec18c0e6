import { temperatureInRange } from '@courier/contract';
import { conflict } from '../../platform/app-error.js';
import { type Actor, assertAudience } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import type { DeliveryRow } from '../../shared/delivery-json.js';
import { lockDelivery, recordReadings } from './record-readings.js';

/**
 * The temperature given at hand-over is out of range: the reading is a fact and is kept, with the hold it
 * causes (committed on its own), and the hand-over is refused with 409 until staff record a disposition.
 * An in-range reading is recorded with the delivery instead, in the same transaction.
 */
export async function holdOnDeliveryReading(services: Services, actor: Actor, d: DeliveryRow, celsius: number): Promise<void> {
  assertAudience(actor, 'driver');
  if (temperatureInRange(d.temperature, celsius)) return;
  const now = services.clock.now();
  await services.db.transaction(async (tx) => {
    const row = await lockDelivery(tx, d.id);
    await recordReadings(tx, services, actor, row, { readings: [{ celsius, at: now }], source: 'probe', context: 'delivery' }, now);
  });
  services.outbox.kick();
  throw conflict(`${celsius} °C is out of range: the delivery is on hold and cannot be handed over until dispatch records a disposition`);
}
