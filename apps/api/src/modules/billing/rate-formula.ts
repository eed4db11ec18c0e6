import {
  DELIVERY_TYPE_LABELS,
  TEMPERATURE_LABELS,
  type TPrice,
  type TPriceInputs,
  type TPriceLine,
  type TRateCardBody,
} from '@courier/contract';
import { dollars, percentOf, tenths, timesTenths } from './money.js';

/** What the formula reads of a delivery (stored with its price: see the contract's ZPriceInputs). */
export type PriceInputs = TPriceInputs;

/** The zone a ZIP falls in: a five-digit code beats a three-digit prefix. */
export function zoneOf(card: Pick<TRateCardBody, 'zones'>, zip: string | null): string | null {
  if (!zip) return null;
  const five = zip.slice(0, 5);
  const exact = card.zones.find((z) => z.zips.includes(five));
  if (exact) return exact.name;
  return card.zones.find((z) => z.zips.includes(five.slice(0, 3)))?.name ?? null;
}

function baseLine(card: TRateCardBody, p: PriceInputs): TPriceLine {
  const type = DELIVERY_TYPE_LABELS[p.deliveryType];
  const from = zoneOf(card, p.pickupZip);
  const to = zoneOf(card, p.dropoffZip);
  if (from && to) {
    const pair = card.zonePrices.find((z) => z.from === from && z.to === to) ?? card.zonePrices.find((z) => z.from === to && z.to === from);
    const zonePrice = pair?.prices[p.deliveryType];
    if (zonePrice !== undefined) {
      return { code: 'base', description: `${type}, zone ${from} to ${to}: ${dollars(zonePrice)}`, amountCents: zonePrice };
    }
  }
  const rate = card.deliveryTypes[p.deliveryType];
  const extraMiles = Math.max(0, Math.round((p.miles - rate.includedMiles) * 10) / 10);
  const distance = rate.baseCents + timesTenths(rate.perMileCents, extraMiles);
  const arithmetic =
    extraMiles > 0
      ? `${dollars(rate.baseCents)} + ${tenths(extraMiles)} mi over ${tenths(rate.includedMiles)} included x ${dollars(rate.perMileCents)}/mi`
      : `${dollars(rate.baseCents)} for ${tenths(p.miles)} mi (${tenths(rate.includedMiles)} mi included)`;
  if (distance < rate.minimumCents) {
    return {
      code: 'base',
      description: `${type}: minimum ${dollars(rate.minimumCents)} (${arithmetic} = ${dollars(distance)})`,
      amountCents: rate.minimumCents,
    };
  }
  return { code: 'base', description: `${type}: ${arithmetic}`, amountCents: distance };
}

const flat = (code: TPriceLine['code'], what: string, cents: number | undefined): TPriceLine[] =>
  cents ? [{ code, description: `${what}: ${dollars(cents)}`, amountCents: cents }] : [];

const share = (code: TPriceLine['code'], what: string, percent: number | undefined, base: number): TPriceLine[] => {
  if (!percent) return [];
  const amountCents = percentOf(base, percent);
  return amountCents ? [{ code, description: `${what}: ${percent}% of base ${dollars(base)}`, amountCents }] : [];
};

function waitLines(card: TRateCardBody, p: PriceInputs): TPriceLine[] {
  const rule = card.surcharges.waitTime;
  if (!rule) return [];
  return p.waits.flatMap(({ stop, minutes }) => {
    const charged = Math.max(0, Math.floor(minutes) - rule.graceMinutes);
    const uncapped = charged * rule.perMinuteCents;
    const amountCents = Math.min(rule.capCents, uncapped);
    if (!amountCents) return [];
    const capped = uncapped > rule.capCents ? `, capped at ${dollars(rule.capCents)}` : '';
    return [
      {
        code: 'wait_time' as const,
        description: `Wait at ${stop === 'pickup' ? 'pickup' : 'drop-off'}: ${Math.floor(minutes)} min, ${rule.graceMinutes} free, ${charged} x ${dollars(rule.perMinuteCents)}${capped}`,
        amountCents,
      },
    ];
  });
}

/**
 * The price of one delivery from a rate card, in integer cents: each line rounded half up on its own, the total
 * the sum of the lines, every line's description the arithmetic in words ("what is this fuel line" has an answer).
 */
export function priceDelivery(card: TRateCardBody, p: PriceInputs): TPrice {
  const base = baseLine(card, p);
  const s = card.surcharges;
  let lines: TPriceLine[];
  if (p.cancelled === 'before_pickup') {
    lines = [];
  } else if (p.cancelled === 'after_pickup') {
    lines = [{ ...base, description: `Cancelled after pickup: ${base.description}` }];
  } else {
    const fuel = p.fuelPercent ? share('fuel', 'Fuel surcharge', p.fuelPercent, base.amountCents) : [];
    const stat =
      p.priority === 'stat'
        ? s.statPercent !== undefined
          ? share('stat', 'STAT', s.statPercent, base.amountCents)
          : flat('stat', 'STAT', s.statCents)
        : [];
    lines = [
      base,
      ...fuel,
      ...stat,
      ...flat('size', `Size ${p.packageSize.replace('_', ' ')}`, card.sizeCents[p.packageSize]),
      ...flat('temperature', `${TEMPERATURE_LABELS[p.temperature]} handling`, s.temperatureCents?.[p.temperature]),
      ...(p.specimen ? flat('specimen', 'Specimen handling', s.specimenCents) : []),
      ...(p.controlledSubstance ? flat('controlled', 'Controlled substance handling', s.controlledSubstanceCents) : []),
      ...(p.requiredBy?.afterHours ? flat('after_hours', `After hours (required by ${p.requiredBy.says})`, s.afterHoursCents) : []),
      ...(p.requiredBy?.weekend ? flat('weekend', `Weekend (required by ${p.requiredBy.says})`, s.weekendCents) : []),
      ...waitLines(card, p),
      ...Array.from({ length: p.failedAttempts }, (_, i) =>
        share('failed_attempt', `Failed attempt ${i + 1}`, s.failedAttemptPercent, base.amountCents),
      ).flat(),
      ...(p.returned ? share('return', 'Return to sender', s.returnPercent, base.amountCents) : []),
    ];
  }
  return { currency: 'USD', totalCents: lines.reduce((sum, l) => sum + l.amountCents, 0), lines };
}
