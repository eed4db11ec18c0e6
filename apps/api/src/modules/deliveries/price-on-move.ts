import type { TDeliveryPricing, TDeliveryStatus, TPriceInputs } from '@courier/contract';
import type { DbOrTx } from '../../db/client.js';
import type { DeliveryRow } from '../../shared/delivery-json.js';
import { totalOf } from '../billing/price-booking.js';
import { priceDelivery } from '../billing/rate-formula.js';
import { rateCardVersion } from '../billing/take-rate-card-version.js';

/** Statuses before the parcel is in a driver's hands: a cancel from here costs nothing; from later, the base. */
const BEFORE_PICKUP: readonly TDeliveryStatus[] = ['pending', 'approved', 'assigned', 'moving_to_pickup_location'];

export type PriceOnMove = Partial<Pick<DeliveryRow, 'pricing' | 'priceCents' | 'pickupArrivedAt' | 'dropoffArrivedAt'>>;

const waitedMinutes = (from: Date, to: Date) => Math.max(0, Math.floor((to.getTime() - from.getTime()) / 60_000));

/**
 * What a move adds to the price, as it happens, in the move's transaction: the wait at the pickup (from "Arrived" to
 * the pickup's confirmation) or the drop-off (from "Arrived" to the proof), a failed attempt, the return, a cancel
 * (nothing before pickup, the base after). The lines are recomputed from the stored inputs with the stored card
 * version (never the card as it is now), so the price explains itself line by line whenever it is read.
 */
export async function priceOnMove(tx: DbOrTx, d: DeliveryRow, to: TDeliveryStatus, now: Date): Promise<PriceOnMove> {
  const set: PriceOnMove = {};
  const before = d.pricing?.inputs;
  const inputs: TPriceInputs | undefined = before ? { ...before, waits: [...before.waits] } : undefined;
  let changed = false;
  if (to === 'picked_up' && d.pickupArrivedAt) {
    inputs?.waits.push({ stop: 'pickup', minutes: waitedMinutes(d.pickupArrivedAt, now) });
    set.pickupArrivedAt = null;
    changed = true;
  } else if (to === 'delivered' && d.dropoffArrivedAt) {
    inputs?.waits.push({ stop: 'dropoff', minutes: waitedMinutes(d.dropoffArrivedAt, now) });
    set.dropoffArrivedAt = null;
    changed = true;
  } else if (to === 'failed_attempt') {
    if (inputs) inputs.failedAttempts += 1;
    // The next attempt's wait runs from its own "Arrived".
    set.dropoffArrivedAt = null;
    changed = true;
  } else if (to === 'returning' && inputs && !inputs.returned) {
    inputs.returned = true;
    changed = true;
  } else if (to === 'cancelled' && inputs) {
    inputs.cancelled = BEFORE_PICKUP.includes(d.status as TDeliveryStatus) ? 'before_pickup' : 'after_pickup';
    changed = true;
  }
  if (!changed || !d.pricing || !inputs) return set;
  const card = await rateCardVersion(tx, d.pricing.rateCardId, d.pricing.rateCardVersion);
  const pricing: TDeliveryPricing = { ...d.pricing, inputs, lines: priceDelivery(card, inputs).lines };
  return { ...set, pricing, priceCents: totalOf(pricing) };
}
