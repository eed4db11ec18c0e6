import { ROLE_IDS, type TDeliveryReport, type TDeliveryReportFigures, type TDeliveryReportQuery } from '@courier/contract';
import { and, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { deliveries, discrepancies, users } from '../../db/schema/index.js';
import { badRequest, forbidden } from '../../platform/app-error.js';
import { type Actor, deliveryReportScopeOf, mayGroupDeliveryReport } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { reportRange } from './report-range.js';

const delivered = sql`${deliveries.status} = 'delivered'`;
// Required-by when the customer gave one, otherwise the estimate the booking promised.
const deadline = sql`coalesce(${deliveries.requiredBy}, ${deliveries.estimatedDelivery})`;

/** Every figure is an aggregate in SQL over the range's deliveries, read through the created_at index. */
// Qualified by hand: in a one-table select Drizzle names the column bare, which the subquery would read as its own.
const deliveryIdOuter = sql.raw('"deliveries"."id"');

const figuresAt = (now: Date) => ({
  booked: sql<number>`count(*)::int`,
  delivered: sql<number>`(count(*) filter (where ${delivered}))::int`,
  cancelled: sql<number>`(count(*) filter (where ${deliveries.status} = 'cancelled'))::int`,
  onTime: sql<number>`(count(*) filter (where ${delivered} and ${deliveries.deliveredAt} <= coalesce(${deadline}, ${deliveries.deliveredAt})))::int`,
  toPickup: sql<number | null>`(avg(extract(epoch from ${deliveries.pickedUpAt} - ${deliveries.createdAt})) / 60)::float8`,
  toDropoff: sql<
    number | null
  >`(avg(extract(epoch from ${deliveries.deliveredAt} - ${deliveries.pickedUpAt})) filter (where ${delivered}) / 60)::float8`,
  // Deliveries with at least one discrepancy case, and the cases past their due time still unresolved.
  withDiscrepancy: sql<number>`(count(*) filter (where exists (select 1 from ${discrepancies} where ${discrepancies.deliveryId} = ${deliveryIdOuter})))::int`,
  overdueCases: sql<number>`coalesce(sum((select count(*) from ${discrepancies} where ${discrepancies.deliveryId} = ${deliveryIdOuter} and ${discrepancies.status} <> 'resolved' and ${discrepancies.dueAt} < ${now.toISOString()}::timestamptz)), 0)::int`,
});

type FigureRow = {
  booked: number;
  delivered: number;
  cancelled: number;
  onTime: number;
  toPickup: number | null;
  toDropoff: number | null;
  withDiscrepancy: number;
  overdueCases: number;
};

const round1 = (n: number | null) => (n === null || n === undefined ? null : Math.round(Number(n) * 10) / 10);

function figuresOf(r: FigureRow | undefined): TDeliveryReportFigures {
  const f = r ?? { booked: 0, delivered: 0, cancelled: 0, onTime: 0, toPickup: null, toDropoff: null, withDiscrepancy: 0, overdueCases: 0 };
  return {
    booked: Number(f.booked),
    delivered: Number(f.delivered),
    cancelled: Number(f.cancelled),
    onTime: Number(f.onTime),
    onTimeRate: Number(f.delivered) ? Math.round((Number(f.onTime) / Number(f.delivered)) * 1000) / 1000 : null,
    avgBookingToPickupMinutes: round1(f.toPickup),
    avgPickupToDropoffMinutes: round1(f.toDropoff),
    withDiscrepancy: Number(f.withDiscrepancy),
    discrepancyRate: Number(f.booked) ? Math.round((Number(f.withDiscrepancy) / Number(f.booked)) * 1000) / 1000 : null,
    overdueCases: Number(f.overdueCases),
  };
}

const personName = (p: { firstName: string; lastName: string; organisation: string }, withOrganisation: boolean) => {
  const name = `${p.firstName} ${p.lastName}`.trim();
  return withOrganisation && p.organisation ? `${name} · ${p.organisation}` : name;
};

/**
 * On-time rate, deliveries, cancellations and average times (booking to pickup, pickup to drop-off) over a
 * range of booking days, grouped by day, customer or driver. Staff see every delivery; a customer sees their
 * own, by day only.
 */
export async function readDeliveryReport(services: Services, actor: Actor, query: TDeliveryReportQuery): Promise<TDeliveryReport> {
  const scope = deliveryReportScopeOf(actor);
  if (!scope) throw forbidden();
  if (!mayGroupDeliveryReport(scope, query.groupBy)) throw badRequest('Group by must be day for your own report', 'groupBy');
  const timeZone = services.env.BUSINESS_TZ;
  const now = services.clock.now();
  const FIGURES = figuresAt(now);
  const range = reportRange(query, now, timeZone);
  const where = and(
    gte(deliveries.createdAt, range.start),
    lt(deliveries.createdAt, range.end),
    scope.every ? undefined : eq(deliveries.customerId, scope.customerId),
  );
  const key: SQL<string> =
    query.groupBy === 'day'
      ? sql<string>`to_char(${deliveries.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD')`
      : query.groupBy === 'customer'
        ? sql<string>`${deliveries.customerId}::text`
        : sql<string>`coalesce(${deliveries.driverId}::text, 'none')`;
  // A report covers whole days: the replica's second of lag changes nothing in it.
  const db = services.readReplica;
  const [grouped, [total]] = await Promise.all([
    // Grouped by position: the day's expression carries the time zone as a parameter, so it cannot be repeated.
    db
      .select({ key, ...FIGURES })
      .from(deliveries)
      .where(where)
      .groupBy(sql`1`),
    db.select(FIGURES).from(deliveries).where(where),
  ]);
  const byKey = new Map(grouped.map((r) => [r.key, r]));

  let rows: TDeliveryReport['rows'];
  if (query.groupBy === 'day') {
    // Every day of the range, quiet ones included, so a chart's days are evenly spaced.
    rows = range.dayKeys.map((day) => ({ key: day, label: day, ...figuresOf(byKey.get(day)) }));
  } else {
    const ids = grouped.map((r) => r.key).filter((k) => k !== 'none');
    const people = ids.length
      ? await db
          .select({
            id: users.id,
            firstName: users.firstName,
            lastName: users.lastName,
            organisation: users.organisation,
            roleId: users.roleId,
          })
          .from(users)
          .where(inArray(users.id, ids))
      : [];
    const nameOf = new Map(people.map((p) => [p.id, personName(p, p.roleId === ROLE_IDS.CUSTOMER)]));
    rows = grouped
      .map((r) => ({ key: r.key, label: r.key === 'none' ? 'No driver' : (nameOf.get(r.key) ?? 'Unknown'), ...figuresOf(r) }))
      .sort((a, b) => b.booked - a.booked || a.label.localeCompare(b.label));
  }
  const totals = figuresOf(total);
  return {
    from: range.from,
    to: range.to,
    groupBy: query.groupBy,
    timeZone,
    days: range.days,
    deliveredPerDay: Math.round((totals.delivered / range.days) * 10) / 10,
    totals,
    rows,
  };
}
