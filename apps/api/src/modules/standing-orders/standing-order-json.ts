import { NEXT_OCCURRENCES_SHOWN, type TStandingOrder } from '@courier/contract';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { templateOf } from './occurrence-fields.js';
import { businessDate, nextOccurrences } from './schedule.js';
import { ownersOf, skippedDatesOf, type StandingOrderRow } from './standing-orders.queries.js';

type TemplatePrimitive = string | number | boolean | null;
type TemplateValue = TemplatePrimitive | Record<string, TemplatePrimitive> | Record<string, TemplatePrimitive>[];
const isPrimitive = (value: unknown): value is TemplatePrimitive =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value);

interface JsonContext {
  now: Date;
  timeZone: string;
  skipped: string[];
  customer: TStandingOrder['customer'];
}

/** A standing order as its owner and staff read it, with the next required-by times it will book. */
export function toStandingOrderJson(order: StandingOrderRow, ctx: JsonContext): TStandingOrder {
  const delivery: Record<string, TemplateValue> = {};
  for (const [key, value] of Object.entries(templateOf(order.template, ctx.timeZone))) {
    if (isPrimitive(value)) delivery[key] = value;
    else if (Array.isArray(value))
      // The pieces: each a record of values.
      delivery[key] = value
        .filter((v) => v && typeof v === 'object')
        .map((v) => Object.fromEntries(Object.entries(v).filter(([, x]) => isPrimitive(x))) as Record<string, TemplatePrimitive>);
    else if (value && typeof value === 'object')
      delivery[key] = Object.fromEntries(Object.entries(value).filter(([, v]) => isPrimitive(v))) as Record<string, TemplatePrimitive>;
  }
  const schedule = { rrule: order.rrule, time: order.time, startsOn: order.startsOn, endsOn: order.endsOn };
  const next =
    order.status === 'active' ? nextOccurrences(schedule, ctx.now, ctx.timeZone, NEXT_OCCURRENCES_SHOWN, new Set(ctx.skipped)) : [];
  return {
    _id: order.id,
    status: order.status,
    schedule: { rrule: order.rrule, time: order.time },
    timeZone: ctx.timeZone,
    startsOn: order.startsOn,
    endsOn: order.endsOn,
    delivery,
    preApproved: order.preApprovedBy !== null,
    nextOccurrences: next.map((o) => o.requiredBy.toISOString()),
    skippedDates: ctx.skipped,
    customer: ctx.customer,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
  };
}

/** Several standing orders as `reader` sees them: staff also get each owner's name. */
export async function toStandingOrdersJson(
  services: Pick<Services, 'clock' | 'env'> & { db: Db },
  reader: Actor,
  orders: StandingOrderRow[],
) {
  const now = services.clock.now();
  const timeZone = services.env.BUSINESS_TZ;
  const skipped = await skippedDatesOf(
    services.db,
    orders.map((o) => o.id),
    businessDate(now, timeZone),
  );
  const others = orders.filter((o) => o.customerId !== reader.id).map((o) => o.customerId);
  const owners = await ownersOf(services.db, others);
  return orders.map((o) =>
    toStandingOrderJson(o, { now, timeZone, skipped: skipped.get(o.id) ?? [], customer: owners.get(o.customerId) ?? null }),
  );
}
