import { z } from 'zod';
import { DELIVERY_TYPES, PACKAGE_SIZES } from './deliveries.js';
import { TEMPERATURE_CLASSES } from './medical.js';

/** Money is integer cents end to end; a million dollars is far past any courier line. */
export const ZCents = z
  .number({ error: 'Enter an amount in cents' })
  .int('Enter whole cents')
  .min(0, 'An amount cannot be negative')
  .max(100_000_000, 'An amount must be at most $1,000,000.00');

/** A percentage with at most two decimals (12.5 is 12.5 %). */
export const ZPercent = z
  .number({ error: 'Enter a percentage' })
  .min(0, 'A percentage cannot be negative')
  .max(1000, 'A percentage must be at most 1000')
  .refine((n) => Number.isInteger(Math.round(n * 100)) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-9, {
    message: 'A percentage has at most two decimals',
  });

export const ZDeliveryTypePrice = z.object({
  baseCents: ZCents,
  includedMiles: z.number().min(0).max(1000),
  perMileCents: ZCents,
  minimumCents: ZCents,
});

/** A ZIP zone: three-digit prefixes ("021") or five-digit codes ("02139"). */
export const ZZone = z.object({
  name: z.string().trim().min(1, 'Name the zone').max(60),
  zips: z
    .array(z.string().regex(/^\d{3}(\d{2})?$/, 'A zone ZIP is three digits (a prefix) or five'))
    .min(1, 'A zone needs at least one ZIP')
    .max(2000),
});

export const ZZonePrice = z.object({
  from: z.string().trim().min(1),
  to: z.string().trim().min(1),
  prices: z.partialRecord(z.enum(DELIVERY_TYPES), ZCents),
});

export const ZWaitTime = z.object({
  graceMinutes: z.number().int().min(0).max(600),
  perMinuteCents: ZCents,
  capCents: ZCents,
});

export const ZSurcharges = z
  .object({
    statCents: ZCents.optional(),
    statPercent: ZPercent.optional(),
    afterHoursCents: ZCents.optional(),
    weekendCents: ZCents.optional(),
    temperatureCents: z.partialRecord(z.enum(TEMPERATURE_CLASSES), ZCents).optional(),
    specimenCents: ZCents.optional(),
    controlledSubstanceCents: ZCents.optional(),
    waitTime: ZWaitTime.optional(),
    failedAttemptPercent: ZPercent.optional(),
    returnPercent: ZPercent.optional(),
  })
  .refine((s) => s.statCents === undefined || s.statPercent === undefined, {
    message: 'STAT is a flat amount or a percentage, not both',
    path: ['statPercent'],
  });

/** A rate card as staff write it (POST and PATCH bodies); the server adds id, version and effectiveFrom. */
export const ZRateCardBody = z
  .object({
    name: z.string().trim().min(1, 'Name the rate card').max(120),
    currency: z.literal('USD', { error: 'Rate cards are in USD' }),
    deliveryTypes: z.object(
      Object.fromEntries(DELIVERY_TYPES.map((t) => [t, ZDeliveryTypePrice])) as Record<
        (typeof DELIVERY_TYPES)[number],
        typeof ZDeliveryTypePrice
      >,
    ),
    zones: z.array(ZZone).max(200).default([]),
    zonePrices: z.array(ZZonePrice).max(2000).default([]),
    sizeCents: z.partialRecord(z.enum(PACKAGE_SIZES), ZCents).default({}),
    surcharges: ZSurcharges.default({}),
  })
  .superRefine((card, ctx) => {
    const names = new Set<string>();
    card.zones.forEach((zone, i) => {
      if (names.has(zone.name)) ctx.addIssue({ code: 'custom', path: ['zones', i, 'name'], message: 'Zone names must differ' });
      names.add(zone.name);
    });
    card.zonePrices.forEach((p, i) => {
      for (const end of ['from', 'to'] as const) {
        if (!names.has(p[end])) {
          ctx.addIssue({ code: 'custom', path: ['zonePrices', i, end], message: `No zone is named "${p[end]}"` });
        }
      }
    });
  });
export type TRateCardBody = z.output<typeof ZRateCardBody>;

/** What each price line is; the description says the arithmetic in words. */
export const PRICE_LINE_CODES = [
  'base',
  'fuel',
  'stat',
  'size',
  'temperature',
  'specimen',
  'controlled',
  'after_hours',
  'weekend',
  'wait_time',
  'failed_attempt',
  'return',
] as const;
export type TPriceLineCode = (typeof PRICE_LINE_CODES)[number];

export const ZPriceLine = z.object({
  code: z.enum(PRICE_LINE_CODES),
  description: z.string(),
  amountCents: z.number().int(),
});
export type TPriceLine = z.infer<typeof ZPriceLine>;

export const ZPrice = z.object({
  currency: z.literal('USD'),
  totalCents: z.number().int(),
  lines: z.array(ZPriceLine),
});
export type TPrice = z.infer<typeof ZPrice>;

/** Everything the formula reads of a delivery, stored with its price so re-pricing a closed month from the same
 * inputs and card version gives the same cents. */
export const ZPriceInputs = z.object({
  deliveryType: z.enum(DELIVERY_TYPES),
  /** Billable miles, pickup to drop-off, one decimal, fixed at booking. */
  miles: z.number().nonnegative(),
  pickupZip: z.string().nullable(),
  dropoffZip: z.string().nullable(),
  packageSize: z.enum(PACKAGE_SIZES),
  priority: z.enum(['routine', 'stat']),
  temperature: z.enum(TEMPERATURE_CLASSES),
  specimen: z.boolean(),
  controlledSubstance: z.boolean(),
  /** When the required-by falls, read in the business time zone. */
  requiredBy: z.object({ weekend: z.boolean(), afterHours: z.boolean(), says: z.string() }).nullable(),
  /** The fuel percentage in force on the booking day; null when none. */
  fuelPercent: z.number().nullable(),
  /** Minutes waited at each stop, from "Arrived" to pickup confirmation or proof. */
  waits: z.array(z.object({ stop: z.enum(['pickup', 'dropoff']), minutes: z.number().nonnegative() })),
  failedAttempts: z.number().int().nonnegative(),
  returned: z.boolean(),
  /** A cancelled job costs nothing before pickup and its base after. */
  cancelled: z.enum(['before_pickup', 'after_pickup']).nullable(),
});
export type TPriceInputs = z.infer<typeof ZPriceInputs>;

/** What a priced delivery stores (deliveries.pricing): the card version, the inputs and the lines they gave. */
export const ZDeliveryPricing = z.object({
  rateCardId: z.string().uuid(),
  rateCardVersion: z.number().int().positive(),
  inputs: ZPriceInputs,
  lines: z.array(ZPriceLine),
});
export type TDeliveryPricing = z.infer<typeof ZDeliveryPricing>;

/** A delivery's price as its owner, the account's owners and staff see it; never drivers or the public. */
export const ZDeliveryPrice = ZPrice.extend({
  miles: z.number(),
  rateCardId: z.string().uuid(),
  rateCardVersion: z.number().int(),
  /** True once delivered, returned or cancelled: no line is added after. */
  final: z.boolean(),
});
export type TDeliveryPrice = z.infer<typeof ZDeliveryPrice>;

/** A rate card as the API answers it: its current version's prices, and every version it has had. */
export const ZRateCard = z.object({
  _id: z.string(),
  name: z.string(),
  currency: z.literal('USD'),
  version: z.number().int(),
  effectiveFrom: z.string(),
  deliveryTypes: ZRateCardBody.shape.deliveryTypes,
  zones: z.array(ZZone),
  zonePrices: z.array(ZZonePrice),
  sizeCents: z.partialRecord(z.enum(PACKAGE_SIZES), z.number().int()),
  surcharges: z.record(z.string(), z.unknown()),
  versions: z.array(z.object({ version: z.number().int(), effectiveFrom: z.string(), inUse: z.boolean() })),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TRateCard = z.infer<typeof ZRateCard>;
export const ZRateCardResponse = z.object({ success: z.literal(true), message: z.string().optional(), data: ZRateCard });
export const ZRateCardsResponse = z.object({
  success: z.literal(true),
  data: z.array(ZRateCard.pick({ _id: true, name: true, version: true, effectiveFrom: true, updatedAt: true })),
});
/** PATCH: any of the card's parts; what is left out stays as it is. */
export const ZRateCardPatch = z.object({
  name: z.string().trim().min(1, 'Name the rate card').max(120).optional(),
  deliveryTypes: ZRateCardBody.shape.deliveryTypes.optional(),
  zones: z.array(ZZone).max(200).optional(),
  zonePrices: z.array(ZZonePrice).max(2000).optional(),
  sizeCents: z.partialRecord(z.enum(PACKAGE_SIZES), ZCents).optional(),
  surcharges: ZSurcharges.optional(),
});
export type TRateCardPatch = z.infer<typeof ZRateCardPatch>;

const ZDay = z.iso.date({ error: 'Use a date as YYYY-MM-DD' });
/** A fuel surcharge's days (BUSINESS_TZ, both included; no `to`: until further notice). */
export const ZFuelSurchargeRequest = z
  .object({ from: ZDay, to: ZDay.optional(), percent: ZPercent })
  .refine((f) => !f.to || f.to >= f.from, { message: 'The last day cannot be before the first', path: ['to'] });
export type TFuelSurchargeRequest = z.infer<typeof ZFuelSurchargeRequest>;
export const ZFuelSurcharge = z.object({
  _id: z.string(),
  from: z.string(),
  to: z.string().nullable(),
  percent: z.number(),
  createdAt: z.string(),
});
export type TFuelSurcharge = z.infer<typeof ZFuelSurcharge>;
export const ZFuelSurchargeResponse = z.object({ success: z.literal(true), message: z.string(), data: ZFuelSurcharge });
export const ZFuelSurchargesResponse = z.object({ success: z.literal(true), data: z.array(ZFuelSurcharge) });
export type TRateCardResponse = z.infer<typeof ZRateCardResponse>;
export type TRateCardsResponse = z.infer<typeof ZRateCardsResponse>;
export type TFuelSurchargesResponse = z.infer<typeof ZFuelSurchargesResponse>;
export type TFuelSurchargeResponse = z.infer<typeof ZFuelSurchargeResponse>;

/** A booking that stands but takes the account past its credit limit (`warn` policy). */
export const ZCreditWarning = z.object({ code: z.literal('CREDIT_LIMIT'), message: z.string() });
