import { z } from 'zod';
import { DELIVERY_TYPES, PACKAGE_SIZES, PACKAGE_TYPES } from './deliveries.js';
import { TEMPERATURE_CLASSES } from './medical.js';
import { ZPrice } from './rate-cards.js';
import { line } from './text.js';

/**
 * POST /api/v1/deliveries/quote: the booking form's fields as they stand (any may still be empty); the
 * answer gives, for every delivery type, when it is estimated to arrive and whether that meets required-by.
 * Addresses, when given, are checked against the service area (400 naming the field when outside).
 */
export const ZQuoteRequest = z.object({
  pickupAddress: line('Pickup address', 300).optional(),
  deliveryAddress: line('Delivery address', 300).optional(),
  /** A datetime-local value read on the business clock, or an ISO instant; empty means none yet. */
  requiredBy: line('Required-by', 40).optional(),
  deliveryType: line('Delivery type', 20).optional(),
  /** 'stat': each estimate is the STAT promise where it comes first. */
  priority: z.enum(['routine', 'stat']).optional(),
  /** What else the price reads (each optional: a small, ambient parcel until chosen). */
  packageType: z.enum(PACKAGE_TYPES).optional(),
  packageSize: z.enum(PACKAGE_SIZES).optional(),
  temperature: z.enum(TEMPERATURE_CLASSES).optional(),
  controlledSubstance: z.boolean().optional(),
});
export type TQuoteRequest = z.infer<typeof ZQuoteRequest>;

export const ZDeliveryQuote = z.object({
  deliveryType: z.enum(DELIVERY_TYPES),
  estimatedDelivery: z.iso.datetime(),
  /** null while no required-by is given. */
  meetsRequiredBy: z.boolean().nullable(),
  /** The price for the caller's account, as a booking now would store it; null when no rate card prices it or
   * the addresses are not placed yet. */
  price: ZPrice.nullable(),
});
export type TDeliveryQuote = z.infer<typeof ZDeliveryQuote>;

export const ZQuoteResponse = z.object({
  success: z.literal(true),
  quotedAt: z.iso.datetime(),
  requiredBy: z.iso.datetime().nullable(),
  quotes: z.array(ZDeliveryQuote),
});
export type TQuoteResponse = z.infer<typeof ZQuoteResponse>;
