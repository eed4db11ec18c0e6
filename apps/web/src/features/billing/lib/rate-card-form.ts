import {
  DELIVERY_TYPES,
  PACKAGE_SIZES,
  TEMPERATURE_CLASSES,
  type TRateCard,
  type TRateCardBody,
  type TRateCardPatch,
} from '@courier/contract';
import { z } from 'zod';
import { centsFromText, dollarsText } from './money';

const MONEY = 'Enter an amount such as 12 or 12.50';
const money = z.string().refine((t) => centsFromText(t) !== null, MONEY);
const optionalMoney = z.string().refine((t) => t.trim() === '' || centsFromText(t) !== null, `${MONEY}, or leave it empty`);
const optionalPercent = z
  .string()
  .refine((t) => t.trim() === '' || /^\d{1,3}(\.\d{1,2})?$/.test(t.trim()), 'Enter a percentage such as 12.5, or leave it empty');
const miles = z.string().refine((t) => /^\d{1,4}(\.\d)?$/.test(t.trim()), 'Enter miles such as 5 or 7.5');
const minutes = z.string().refine((t) => /^\d{1,3}$/.test(t.trim()), 'Enter whole minutes');

const typeRow = z.object({ base: money, includedMiles: miles, perMile: money, minimum: money });

/** The editor's fields as typed (dollars, percentages, miles as text); `toRateCard` makes the contract's card. */
export const ZRateCardForm = z
  .object({
    name: z.string().trim().min(1, 'Name the rate card').max(120),
    types: z.object(Object.fromEntries(DELIVERY_TYPES.map((t) => [t, typeRow])) as Record<(typeof DELIVERY_TYPES)[number], typeof typeRow>),
    sizes: z.object(
      Object.fromEntries(PACKAGE_SIZES.map((s) => [s, optionalMoney])) as Record<(typeof PACKAGE_SIZES)[number], typeof optionalMoney>,
    ),
    temperature: z.object(
      Object.fromEntries(TEMPERATURE_CLASSES.map((c) => [c, optionalMoney])) as Record<
        (typeof TEMPERATURE_CLASSES)[number],
        typeof optionalMoney
      >,
    ),
    statKind: z.enum(['flat', 'percent']),
    stat: z.string(),
    afterHours: optionalMoney,
    weekend: optionalMoney,
    specimen: optionalMoney,
    controlled: optionalMoney,
    waitGrace: z.string().refine((t) => t.trim() === '' || /^\d{1,3}$/.test(t.trim()), 'Enter whole minutes, or leave it empty'),
    waitPerMinute: optionalMoney,
    waitCap: optionalMoney,
    failedAttempt: optionalPercent,
    returned: optionalPercent,
  })
  .superRefine((f, ctx) => {
    const ok = f.statKind === 'flat' ? optionalMoney.safeParse(f.stat).success : optionalPercent.safeParse(f.stat).success;
    if (!ok) ctx.addIssue({ code: 'custom', path: ['stat'], message: f.statKind === 'flat' ? MONEY : 'Enter a percentage such as 25' });
    const wait = [f.waitGrace, f.waitPerMinute, f.waitCap].filter((t) => t.trim() !== '').length;
    if (wait > 0 && wait < 3)
      ctx.addIssue({
        code: 'custom',
        path: ['waitCap'],
        message: 'Wait time needs the free minutes, the rate and the cap (or none of them)',
      });
    if (wait === 3 && !minutes.safeParse(f.waitGrace).success)
      ctx.addIssue({ code: 'custom', path: ['waitGrace'], message: 'Enter whole minutes' });
  });
export type TRateCardForm = z.infer<typeof ZRateCardForm>;

const cents = (t: string) => (t.trim() === '' ? undefined : (centsFromText(t) ?? undefined));
const percent = (t: string) => (t.trim() === '' ? undefined : Number(t.trim()));
const compact = <T extends Record<string, unknown>>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as { [K in keyof T]?: Exclude<T[K], undefined> };

/** The card the API takes, from the editor's fields (zones stay as they are: they are not edited here). */
export function toRateCard(f: TRateCardForm): Omit<TRateCardBody, 'zones' | 'zonePrices'> & TRateCardPatch {
  const perClass = compact(Object.fromEntries(TEMPERATURE_CLASSES.map((c) => [c, cents(f.temperature[c])])));
  const hasWait = f.waitGrace.trim() !== '' && f.waitPerMinute.trim() !== '' && f.waitCap.trim() !== '';
  return {
    name: f.name.trim(),
    currency: 'USD',
    deliveryTypes: Object.fromEntries(
      DELIVERY_TYPES.map((t) => {
        const r = f.types[t];
        return [
          t,
          {
            baseCents: centsFromText(r.base) ?? 0,
            includedMiles: Number(r.includedMiles),
            perMileCents: centsFromText(r.perMile) ?? 0,
            minimumCents: centsFromText(r.minimum) ?? 0,
          },
        ];
      }),
    ) as TRateCardBody['deliveryTypes'],
    sizeCents: compact(Object.fromEntries(PACKAGE_SIZES.map((s) => [s, cents(f.sizes[s])]))),
    surcharges: compact({
      statCents: f.statKind === 'flat' ? cents(f.stat) : undefined,
      statPercent: f.statKind === 'percent' ? percent(f.stat) : undefined,
      afterHoursCents: cents(f.afterHours),
      weekendCents: cents(f.weekend),
      temperatureCents: Object.keys(perClass).length ? perClass : undefined,
      specimenCents: cents(f.specimen),
      controlledSubstanceCents: cents(f.controlled),
      waitTime: hasWait
        ? { graceMinutes: Number(f.waitGrace), perMinuteCents: cents(f.waitPerMinute) ?? 0, capCents: cents(f.waitCap) ?? 0 }
        : undefined,
      failedAttemptPercent: percent(f.failedAttempt),
      returnPercent: percent(f.returned),
    }),
  };
}

const text = (n: number | undefined) => (n === undefined ? '' : String(n));
const moneyText = (n: unknown) => (typeof n === 'number' ? dollarsText(n) : '');

/** The editor's fields for a card (a new one starts from sensible blanks). */
export function toRateCardForm(card?: TRateCard): TRateCardForm {
  const s = (card?.surcharges ?? {}) as Record<string, unknown>;
  const wait = s.waitTime as { graceMinutes: number; perMinuteCents: number; capCents: number } | undefined;
  const temps = (s.temperatureCents ?? {}) as Record<string, number>;
  return {
    name: card?.name ?? '',
    types: Object.fromEntries(
      DELIVERY_TYPES.map((t) => {
        const r = card?.deliveryTypes[t];
        return [
          t,
          {
            base: r ? dollarsText(r.baseCents) : '',
            includedMiles: r ? String(r.includedMiles) : '5',
            perMile: r ? dollarsText(r.perMileCents) : '',
            minimum: r ? dollarsText(r.minimumCents) : '',
          },
        ];
      }),
    ) as TRateCardForm['types'],
    sizes: Object.fromEntries(PACKAGE_SIZES.map((z) => [z, moneyText(card?.sizeCents[z])])) as TRateCardForm['sizes'],
    temperature: Object.fromEntries(TEMPERATURE_CLASSES.map((c) => [c, moneyText(temps[c])])) as TRateCardForm['temperature'],
    statKind: typeof s.statPercent === 'number' ? 'percent' : 'flat',
    stat: typeof s.statPercent === 'number' ? String(s.statPercent) : moneyText(s.statCents),
    afterHours: moneyText(s.afterHoursCents),
    weekend: moneyText(s.weekendCents),
    specimen: moneyText(s.specimenCents),
    controlled: moneyText(s.controlledSubstanceCents),
    waitGrace: text(wait?.graceMinutes),
    waitPerMinute: wait ? dollarsText(wait.perMinuteCents) : '',
    waitCap: wait ? dollarsText(wait.capCents) : '',
    failedAttempt: text(s.failedAttemptPercent as number | undefined),
    returned: text(s.returnPercent as number | undefined),
  };
}
