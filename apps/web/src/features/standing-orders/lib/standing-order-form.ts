import { type TStandingOrder, type TUpdateStandingOrderRequest, ZLocalDate, ZScheduleTime } from '@courier/contract';
import { z } from 'zod';
import { initialScheduleChoice, ruleOf, type TScheduleChoice, type TWeekday, todayDate, WEEKDAYS } from '@/lib/schedule-rule';

/** The schedule picker's choice, checked by the rule it writes (a day chosen, a number in range) and the time. */
const ZScheduleChoice = z
  .object({
    kind: z.enum(['weekdays', 'days', 'interval', 'monthly']),
    days: z.array(z.enum(WEEKDAYS.map((d) => d.code) as [TWeekday, ...TWeekday[]])),
    everyDays: z.number(),
    monthDay: z.number(),
    time: ZScheduleTime,
  })
  .superRefine((choice, ctx) => {
    const rule = ruleOf(choice);
    if ('error' in rule) ctx.addIssue({ code: 'custom', message: rule.error, path: ['kind'] });
  });

/**
 * The standing-order form (creation and edit): the schedule, its dates and, for a specimen, the time of day the
 * run's specimens are collected. Its parts are the contract's (ZScheduleTime, ZLocalDate).
 */
export const ZStandingOrderForm = z
  .object({
    schedule: ZScheduleChoice,
    startsOn: ZLocalDate('Start date'),
    endsOn: z.union([z.literal(''), ZLocalDate('End date')]),
    /** Whether the delivery is a specimen: then collectionTime is required. */
    specimen: z.boolean(),
    collectionTime: z.union([z.literal(''), ZScheduleTime]),
  })
  .superRefine((form, ctx) => {
    if (form.endsOn && form.endsOn < form.startsOn)
      ctx.addIssue({ code: 'custom', message: 'End date must be on or after the start date', path: ['endsOn'] });
    if (form.specimen && !form.collectionTime)
      ctx.addIssue({ code: 'custom', message: 'Specimen collection time is required', path: ['collectionTime'] });
  });
export type TStandingOrderForm = z.infer<typeof ZStandingOrderForm>;

export const emptyStandingOrderForm = (specimen: boolean, collectionTime = ''): TStandingOrderForm => ({
  schedule: initialScheduleChoice(),
  startsOn: todayDate(),
  endsOn: '',
  specimen,
  collectionTime,
});

/** The picker's choice for stored rule text, or null for a rule it cannot show (one written through the API). */
export function choiceOf(rrule: string, time: string): TScheduleChoice | null {
  const parts = Object.fromEntries(rrule.split(';').map((p) => p.split('=') as [string, string]));
  const keys = Object.keys(parts).sort().join(',');
  const base = { ...initialScheduleChoice(), time };
  const codes = WEEKDAYS.map((d) => d.code as string);
  if (parts.FREQ === 'WEEKLY' && keys === 'BYDAY,FREQ') {
    const days = parts.BYDAY.split(',');
    if (!days.every((d) => codes.includes(d))) return null;
    if (days.join(',') === 'MO,TU,WE,TH,FR') return { ...base, kind: 'weekdays' };
    return { ...base, kind: 'days', days: days as TWeekday[] };
  }
  if (parts.FREQ === 'DAILY' && (keys === 'FREQ' || keys === 'FREQ,INTERVAL'))
    return { ...base, kind: 'interval', everyDays: Number(parts.INTERVAL ?? 1) };
  if (parts.FREQ === 'MONTHLY' && keys === 'BYMONTHDAY,FREQ' && /^\d+$/.test(parts.BYMONTHDAY))
    return { ...base, kind: 'monthly', monthDay: Number(parts.BYMONTHDAY) };
  return null;
}

/** The template's specimen (an object of values), else null. */
export const specimenOf = (order: TStandingOrder): Record<string, string | number | boolean | null> | null => {
  const s = order.delivery.specimen;
  return s && typeof s === 'object' && !Array.isArray(s) ? s : null;
};

/** A standing order's own values in the form. */
export function formOf(order: TStandingOrder): { form: TStandingOrderForm; customRule: boolean } {
  const specimen = specimenOf(order);
  const collectionTime = specimen ? String(specimen.collectionTime ?? '') : '';
  const choice = choiceOf(order.schedule.rrule, order.schedule.time);
  return {
    form: {
      schedule: choice ?? { ...initialScheduleChoice(), time: order.schedule.time },
      startsOn: order.startsOn,
      endsOn: order.endsOn ?? '',
      specimen: order.delivery.packageType === 'SPECIMEN',
      collectionTime,
    },
    customRule: !choice,
  };
}

/** The rule text the form's choice writes (the form has checked it). */
export const ruleText = (choice: TScheduleChoice) => {
  const rule = ruleOf(choice);
  return 'rrule' in rule ? rule.rrule : '';
};

/** The PATCH body: only what the form changed, so an untouched order keeps its pre-approval. */
export function changesOf(order: TStandingOrder, form: TStandingOrderForm, customRule: boolean, scheduleTouched: boolean) {
  const changes: TUpdateStandingOrderRequest = {};
  const rrule = customRule && !scheduleTouched ? order.schedule.rrule : ruleText(form.schedule);
  if (rrule !== order.schedule.rrule || form.schedule.time !== order.schedule.time) changes.schedule = { rrule, time: form.schedule.time };
  if (form.startsOn !== order.startsOn) changes.startsOn = form.startsOn;
  if ((form.endsOn || null) !== order.endsOn) changes.endsOn = form.endsOn || null;
  const specimen = specimenOf(order);
  if (form.specimen && specimen && form.collectionTime !== specimen.collectionTime)
    changes.specimen = {
      category: specimen.category as 'UN3373' | 'exempt',
      stableForHours: Number(specimen.stableForHours),
      collectionTime: form.collectionTime,
    };
  return changes;
}
