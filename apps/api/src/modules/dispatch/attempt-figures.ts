import type { TAttemptFigures } from '@courier/contract';
import { count, eq, gte, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { deliveries, deliveryAttempts, users } from '../../db/schema/index.js';

/** Days the by-day figures go back. */
export const ATTEMPT_FIGURE_DAYS = 14;

interface Tally {
  ended: number;
  firstAttempt: number;
  attempts: number;
  returns: number;
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/** Rates from counts: over the deliveries that ended (delivered or returned); null when none did. */
export function figuresOf(t: Tally): TAttemptFigures {
  return {
    firstAttemptRate: t.ended ? round(t.firstAttempt / t.ended) : null,
    attemptsPerDelivery: t.ended ? round(t.attempts / t.ended) : null,
    returns: t.returns,
  };
}

/**
 * First-attempt rate, attempts per delivery and returns: overall, by day (the day the delivery ended or
 * started back, business time zone) and by driver (who drove it last). A delivered parcel counts its failed
 * attempts plus the drop; a returned one its failed attempts.
 */
export async function readAttemptFigures(db: DbOrTx, now: Date, timeZone: string) {
  const perDelivery = db
    .select({ deliveryId: deliveryAttempts.deliveryId, n: count().as('n') })
    .from(deliveryAttempts)
    .groupBy(deliveryAttempts.deliveryId)
    .as('attempt_counts');
  const failed = sql`coalesce(${perDelivery.n}, 0)`;
  const ended = sql`${deliveries.status} in ('delivered', 'returned')`;
  const tally = {
    ended: sql<number>`count(*) filter (where ${ended})`.mapWith(Number),
    firstAttempt: sql<number>`count(*) filter (where ${deliveries.status} = 'delivered' and ${failed} = 0)`.mapWith(Number),
    attempts:
      sql<number>`coalesce(sum(${failed} + case when ${deliveries.status} = 'delivered' then 1 else 0 end) filter (where ${ended}), 0)`.mapWith(
        Number,
      ),
    returns: sql<number>`count(*) filter (where ${deliveries.status} in ('returning', 'returned'))`.mapWith(Number),
  };
  const base = (extra: Record<string, unknown> = {}) =>
    db
      .select({ ...tally, ...extra } as typeof tally)
      .from(deliveries)
      .leftJoin(perDelivery, eq(perDelivery.deliveryId, deliveries.id));
  const settled = inArray(deliveries.status, ['delivered', 'returning', 'returned']);

  const [overall] = await base().where(settled);
  const dayOf = sql<string>`to_char(${deliveries.updatedAt} at time zone ${timeZone}, 'YYYY-MM-DD')`;
  const since = new Date(now.getTime() - ATTEMPT_FIGURE_DAYS * 86_400_000);
  const days = (await db
    .select({ day: dayOf, ...tally })
    .from(deliveries)
    .leftJoin(perDelivery, eq(perDelivery.deliveryId, deliveries.id))
    .where(sql`${settled} and ${gte(deliveries.updatedAt, since)}`)
    // By position: the zone is a parameter, and two parameters never count as the same expression.
    .groupBy(sql`1`)
    .orderBy(sql`1 desc`)) as Array<Tally & { day: string }>;
  const drivers = (await db
    .select({ driverId: deliveries.driverId, firstName: users.firstName, lastName: users.lastName, ...tally })
    .from(deliveries)
    .leftJoin(perDelivery, eq(perDelivery.deliveryId, deliveries.id))
    .innerJoin(users, eq(users.id, deliveries.driverId))
    .where(settled)
    .groupBy(deliveries.driverId, users.firstName, users.lastName)
    .orderBy(users.firstName, users.lastName)) as Array<Tally & { driverId: string; firstName: string; lastName: string }>;

  return {
    ...figuresOf(overall),
    byDay: days.map((d) => ({ day: d.day, ...figuresOf(d) })),
    byDriver: drivers.map((d) => ({ driver: { _id: d.driverId, name: `${d.firstName} ${d.lastName}`.trim() }, ...figuresOf(d) })),
  };
}
