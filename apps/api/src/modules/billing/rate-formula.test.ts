import { type TRateCardBody, ZRateCardBody } from '@courier/contract';
import { describe, expect, it } from 'vitest';
import { dollars, percentOf, timesTenths } from './money.js';
import { type PriceInputs, priceDelivery, zoneOf } from './rate-formula.js';
import { requiredByTiming } from './required-by-timing.js';

const card: TRateCardBody = ZRateCardBody.parse({
  name: 'Clinics 2026',
  currency: 'USD',
  deliveryTypes: {
    STANDARD: { baseCents: 1500, includedMiles: 5, perMileCents: 125, minimumCents: 1800 },
    EXPRESS: { baseCents: 2500, includedMiles: 5, perMileCents: 150, minimumCents: 2500 },
    SAME_DAY: { baseCents: 2000, includedMiles: 5, perMileCents: 155, minimumCents: 2000 },
    NEXT_DAY: { baseCents: 1200, includedMiles: 10, perMileCents: 100, minimumCents: 1200 },
  },
  zones: [
    { name: 'Longwood', zips: ['02115', '02215'] },
    { name: 'Boston', zips: ['021'] },
  ],
  zonePrices: [{ from: 'Boston', to: 'Longwood', prices: { SAME_DAY: 3000 } }],
  sizeCents: { large: 500, extra_large: 900 },
  surcharges: {
    statPercent: 25,
    afterHoursCents: 1500,
    weekendCents: 2500,
    temperatureCents: { refrigerated: 800, frozen: 1200 },
    specimenCents: 400,
    controlledSubstanceCents: 600,
    waitTime: { graceMinutes: 10, perMinuteCents: 50, capCents: 2000 },
    failedAttemptPercent: 50,
    returnPercent: 75,
  },
});

const job = (over: Partial<PriceInputs> = {}): PriceInputs => ({
  deliveryType: 'SAME_DAY',
  miles: 13.4,
  pickupZip: '01730',
  dropoffZip: '01801',
  packageSize: 'small',
  priority: 'routine',
  temperature: 'ambient',
  specimen: false,
  controlledSubstance: false,
  requiredBy: null,
  fuelPercent: null,
  waits: [],
  failedAttempts: 0,
  returned: false,
  cancelled: null,
  ...over,
});

const line = (p: ReturnType<typeof priceDelivery>, code: string) => p.lines.find((l) => l.code === code);

describe('money arithmetic', () => {
  it('rounds half up to the cent in integers', () => {
    expect(percentOf(4825, 12.5)).toBe(603); // 6.03125
    expect(percentOf(5, 50)).toBe(3); // 2.5 -> 3
    expect(percentOf(4800, 0.01)).toBe(0); // 0.48 -> 0
    expect(timesTenths(155, 8.4)).toBe(1302);
    expect(timesTenths(125, 0.1)).toBe(13); // 12.5 -> 13
    expect(dollars(123450)).toBe('$1,234.50');
    expect(dollars(-5)).toBe('-$0.05');
  });
});

describe('the price of a delivery, line by line', () => {
  it('distance: the base plus the miles over the included ones', () => {
    const p = priceDelivery(card, job());
    expect(p.lines).toEqual([{ code: 'base', description: 'Same day: $20.00 + 8.4 mi over 5 included x $1.55/mi', amountCents: 3302 }]);
    expect(p.totalCents).toBe(3302);
  });

  it('the minimum when the distance price is below it', () => {
    const p = priceDelivery(card, job({ deliveryType: 'STANDARD', miles: 6 }));
    expect(line(p, 'base')).toEqual({
      code: 'base',
      description: 'Standard: minimum $18.00 ($15.00 + 1 mi over 5 included x $1.25/mi = $16.25)',
      amountCents: 1800,
    });
  });

  it('within the included miles: the base alone', () => {
    expect(line(priceDelivery(card, job({ miles: 3.2 })), 'base')?.amountCents).toBe(2000);
  });

  it('the zone price replaces the distance price when both ends are in priced zones, either way round', () => {
    const p = priceDelivery(card, job({ pickupZip: '02139', dropoffZip: '02115' }));
    expect(line(p, 'base')).toEqual({ code: 'base', description: 'Same day, zone Boston to Longwood: $30.00', amountCents: 3000 });
    expect(line(priceDelivery(card, job({ pickupZip: '02115', dropoffZip: '02139' })), 'base')?.amountCents).toBe(3000);
    // No zone price for this type: the distance price.
    expect(line(priceDelivery(card, job({ deliveryType: 'EXPRESS', pickupZip: '02139', dropoffZip: '02115' })), 'base')?.amountCents).toBe(
      2500 + 1260,
    );
  });

  it('a five-digit zone beats a three-digit prefix', () => {
    expect(zoneOf(card, '02115')).toBe('Longwood');
    expect(zoneOf(card, '02139-4307')).toBe('Boston');
    expect(zoneOf(card, '01730')).toBeNull();
    expect(zoneOf(card, null)).toBeNull();
  });

  it('fuel is a percentage of the base on the booking day', () => {
    const p = priceDelivery(card, job({ fuelPercent: 12.5 }));
    expect(line(p, 'fuel')).toEqual({ code: 'fuel', description: 'Fuel surcharge: 12.5% of base $33.02', amountCents: 413 });
    expect(p.totalCents).toBe(3302 + 413);
    expect(line(priceDelivery(card, job({ fuelPercent: null })), 'fuel')).toBeUndefined();
  });

  it('STAT as a percentage or a flat amount', () => {
    expect(line(priceDelivery(card, job({ priority: 'stat' })), 'stat')).toEqual({
      code: 'stat',
      description: 'STAT: 25% of base $33.02',
      amountCents: 826, // 825.5 -> 826
    });
    const flatCard = { ...card, surcharges: { ...card.surcharges, statPercent: undefined, statCents: 2000 } };
    expect(line(priceDelivery(flatCard, job({ priority: 'stat' })), 'stat')).toEqual({
      code: 'stat',
      description: 'STAT: $20.00',
      amountCents: 2000,
    });
    expect(line(priceDelivery(card, job()), 'stat')).toBeUndefined();
  });

  it('size, temperature, specimen and controlled substance as set, nothing where unset', () => {
    const p = priceDelivery(card, job({ packageSize: 'large', temperature: 'refrigerated', specimen: true, controlledSubstance: true }));
    expect(p.lines.map((l) => [l.code, l.amountCents])).toEqual([
      ['base', 3302],
      ['size', 500],
      ['temperature', 800],
      ['specimen', 400],
      ['controlled', 600],
    ]);
    expect(line(p, 'temperature')?.description).toBe('Refrigerated (2-8 °C) handling: $8.00');
    expect(priceDelivery(card, job({ packageSize: 'medium', temperature: 'controlled_room' })).lines).toHaveLength(1);
  });

  it('after hours on a weekday evening, weekend on Saturday', () => {
    const tz = 'America/New_York';
    const hours = { open: 8 * 3600, close: 18 * 3600 };
    const evening = requiredByTiming(new Date('2026-12-01T23:30:00Z'), tz, hours); // Tue 18:30
    expect(evening).toEqual({ weekend: false, afterHours: true, says: 'Tuesday 2026-12-01 18:30' });
    expect(line(priceDelivery(card, job({ requiredBy: evening })), 'after_hours')).toEqual({
      code: 'after_hours',
      description: 'After hours (required by Tuesday 2026-12-01 18:30): $15.00',
      amountCents: 1500,
    });
    const saturday = requiredByTiming(new Date('2026-12-05T15:00:00Z'), tz, hours);
    expect(saturday).toMatchObject({ weekend: true, afterHours: false });
    const p = priceDelivery(card, job({ requiredBy: saturday }));
    expect(line(p, 'weekend')?.amountCents).toBe(2500);
    expect(line(p, 'after_hours')).toBeUndefined();
    const noon = requiredByTiming(new Date('2026-12-01T17:00:00Z'), tz, hours);
    expect(priceDelivery(card, job({ requiredBy: noon })).lines).toHaveLength(1);
    expect(requiredByTiming(null, tz, hours)).toBeNull();
  });

  it('wait time: per minute after the grace, capped, at each stop', () => {
    const p = priceDelivery(
      card,
      job({
        waits: [
          { stop: 'pickup', minutes: 23.9 },
          { stop: 'dropoff', minutes: 90 },
          { stop: 'dropoff', minutes: 8 },
        ],
      }),
    );
    expect(p.lines.filter((l) => l.code === 'wait_time')).toEqual([
      { code: 'wait_time', description: 'Wait at pickup: 23 min, 10 free, 13 x $0.50', amountCents: 650 },
      { code: 'wait_time', description: 'Wait at drop-off: 90 min, 10 free, 80 x $0.50, capped at $20.00', amountCents: 2000 },
    ]);
  });

  it('each failed attempt and a return are shares of the base', () => {
    const p = priceDelivery(card, job({ failedAttempts: 2, returned: true }));
    expect(p.lines.filter((l) => l.code === 'failed_attempt')).toEqual([
      { code: 'failed_attempt', description: 'Failed attempt 1: 50% of base $33.02', amountCents: 1651 },
      { code: 'failed_attempt', description: 'Failed attempt 2: 50% of base $33.02', amountCents: 1651 },
    ]);
    expect(line(p, 'return')).toEqual({ code: 'return', description: 'Return to sender: 75% of base $33.02', amountCents: 2477 });
    expect(p.totalCents).toBe(3302 + 1651 * 2 + 2477);
  });

  it('a cancellation costs nothing before pickup and the base after it', () => {
    const before = priceDelivery(card, job({ cancelled: 'before_pickup', priority: 'stat', fuelPercent: 10 }));
    expect(before).toEqual({ currency: 'USD', totalCents: 0, lines: [] });
    const after = priceDelivery(card, job({ cancelled: 'after_pickup', priority: 'stat', fuelPercent: 10 }));
    expect(after.lines).toEqual([
      {
        code: 'base',
        description: 'Cancelled after pickup: Same day: $20.00 + 8.4 mi over 5 included x $1.55/mi',
        amountCents: 3302,
      },
    ]);
  });

  it('the total is the sum of the lines, each rounded on its own', () => {
    const p = priceDelivery(
      card,
      job({ priority: 'stat', fuelPercent: 7.25, packageSize: 'extra_large', temperature: 'frozen', failedAttempts: 1 }),
    );
    expect(p.totalCents).toBe(p.lines.reduce((s, l) => s + l.amountCents, 0));
    expect(p.lines.every((l) => Number.isInteger(l.amountCents))).toBe(true);
  });
});

describe('the rate card contract', () => {
  it('refuses STAT as both flat and percent, unknown zones in zone prices, duplicate zone names', () => {
    const result = ZRateCardBody.safeParse({
      ...card,
      zones: [...card.zones, { name: 'Boston', zips: ['024'] }],
      zonePrices: [{ from: 'Nowhere', to: 'Boston', prices: {} }],
      surcharges: { statCents: 100, statPercent: 10 },
    });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['surcharges.statPercent', 'zones.2.name', 'zonePrices.0.from']));
  });

  it('refuses fractions of a cent, negative amounts, bad ZIPs and a third decimal on a percentage', () => {
    const bad = ZRateCardBody.safeParse({
      ...card,
      deliveryTypes: { ...card.deliveryTypes, STANDARD: { baseCents: 15.5, includedMiles: 5, perMileCents: -1, minimumCents: 0 } },
      zones: [{ name: 'X', zips: ['2115'] }],
      surcharges: { failedAttemptPercent: 12.345 },
    });
    const paths = bad.error?.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(
      expect.arrayContaining([
        'deliveryTypes.STANDARD.baseCents',
        'deliveryTypes.STANDARD.perMileCents',
        'zones.0.zips.0',
        'surcharges.failedAttemptPercent',
      ]),
    );
  });

  it('requires every delivery type and USD', () => {
    const { SAME_DAY: _, ...three } = card.deliveryTypes;
    const bad = ZRateCardBody.safeParse({ ...card, currency: 'EUR', deliveryTypes: three });
    expect(bad.error?.issues.map((i) => i.path.join('.'))).toEqual(expect.arrayContaining(['currency', 'deliveryTypes.SAME_DAY']));
  });
});
