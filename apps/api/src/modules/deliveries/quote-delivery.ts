import { DELIVERY_TYPES, type TQuoteRequest, type TQuoteResponse } from '@courier/contract';
import { badRequest, forbidden } from '../../platform/app-error.js';
import { type Actor, mayBookDelivery } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { parseRequiredBy } from './delivery-form.js';
import { billableMilesTenths, bookingInputs, quotingCard } from '../billing/price-booking.js';
import { priceDelivery } from '../billing/rate-formula.js';
import { BUSINESS_HOURS, bookingEstimate } from './estimate-delivery.js';
import { assertInServiceArea } from './service-area.js';

/** Places a typed address and checks it is served; an address the geocoder cannot place is left to the booking. */
async function checkAddress(services: Services, field: 'pickupAddress' | 'deliveryAddress', address: string | undefined) {
  if (!address) return null;
  const place = await services.geocoder.geocode(address);
  if (place && services.env.SERVICE_AREA_STATES?.length) assertInServiceArea(services.env.SERVICE_AREA_STATES, field, place);
  return place;
}

/**
 * Before booking: for each delivery type, when it would arrive if booked now and whether that meets the
 * required-by (null while none is given). The same estimate the booking stores, so the form never offers
 * "Same day by 6 pm" once the day's cut-off has passed.
 */
export async function quoteDelivery(services: Services, actor: Actor, input: TQuoteRequest): Promise<TQuoteResponse> {
  if (!mayBookDelivery(actor)) throw forbidden('Only a customer account can request a delivery');
  const { clock, env } = services;
  const now = clock.now();
  let requiredBy: Date | null = null;
  if (input.requiredBy) {
    requiredBy = parseRequiredBy(input.requiredBy, env.BUSINESS_TZ);
    if (!requiredBy || Number.isNaN(requiredBy.getTime()))
      throw badRequest('requiredBy: Required-by must be a valid date and time', 'requiredBy');
  }
  const [pickup, drop] = await Promise.all([
    checkAddress(services, 'pickupAddress', input.pickupAddress),
    checkAddress(services, 'deliveryAddress', input.deliveryAddress),
  ]);
  // The price as the booking would store it now (the caller's card at its current version, today's fuel), once
  // both places are known; the card is read, never marked used (a quote books nothing).
  const priced =
    pickup && drop && input.pickupAddress && input.deliveryAddress
      ? await Promise.all([quotingCard(services.db, env, actor.id, now), billableMilesTenths(env, pickup, drop)])
      : null;
  const quotes = DELIVERY_TYPES.map((deliveryType) => {
    const estimate = bookingEstimate(env, { deliveryType, priority: input.priority }, pickup, drop, now);
    const [card, milesTenths] = priced ?? [null, 0];
    const price = card
      ? priceDelivery(
          card.card,
          bookingInputs(
            env,
            BUSINESS_HOURS,
            {
              deliveryType,
              packageType: input.packageType ?? 'PARCEL',
              packageSize: input.packageSize ?? 'small',
              priority: input.priority ?? 'routine',
              temperature: input.temperature ?? 'ambient',
              controlledSubstance: input.controlledSubstance ?? false,
              requiredBy,
              pickupAddress: input.pickupAddress ?? '',
              deliveryAddress: input.deliveryAddress ?? '',
              milesTenths,
            },
            card.fuelPercent,
          ),
        )
      : null;
    return {
      deliveryType,
      estimatedDelivery: estimate.toISOString(),
      meetsRequiredBy: requiredBy ? estimate.getTime() <= requiredBy.getTime() : null,
      price,
    };
  });
  return { success: true, quotedAt: now.toISOString(), requiredBy: requiredBy?.toISOString() ?? null, quotes };
}
