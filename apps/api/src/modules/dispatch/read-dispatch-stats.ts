import { DELIVERY_STATUSES, EXCEPTION_DECISION_MINUTES, type TAdminStatsResponse, type TDeliveryStatus } from '@courier/contract';
import { and, avg, count, eq, gte, isNull, lte } from 'drizzle-orm';
import { deliveries, deliveryAttempts, feedback } from '../../db/schema/index.js';
import { type Actor, assertAudience } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { instantOf, localMoment } from '../../shared/business-time.js';
import { readAttemptFigures } from './attempt-figures.js';
import { lateCondition } from './dispatch.queries.js';

/**
 * The console's tiles: counts per status, late ones, delivered today (business time zone), average rating,
 * the exceptions queue, and first-attempt figures overall, by day and by driver.
 */
export async function readDispatchStats(services: Services, actor: Actor): Promise<TAdminStatsResponse> {
  assertAudience(actor, 'staff');
  const { db, clock, env } = services;
  const now = clock.now();
  const perStatus = await db.select({ status: deliveries.status, n: count() }).from(deliveries).groupBy(deliveries.status);
  const byStatus = Object.fromEntries(DELIVERY_STATUSES.map((s) => [s, 0])) as Record<TDeliveryStatus, number>;
  for (const r of perStatus) byStatus[r.status] = Number(r.n);
  const [{ late }] = await db.select({ late: count() }).from(deliveries).where(lateCondition(now));
  const today = localMoment(now, env.BUSINESS_TZ);
  const midnight = instantOf({ year: today.year, month: today.month, day: today.day }, 0, env.BUSINESS_TZ);
  const [{ deliveredToday }] = await db
    .select({ deliveredToday: count() })
    .from(deliveries)
    .where(and(eq(deliveries.status, 'delivered'), gte(deliveries.updatedAt, midnight)));
  const [rating] = await db.select({ average: avg(feedback.rating), n: count() }).from(feedback);
  // Failed attempts nobody decided on within the decision window.
  const [{ exceptionsLate }] = await db
    .select({ exceptionsLate: count() })
    .from(deliveryAttempts)
    .innerJoin(deliveries, eq(deliveries.id, deliveryAttempts.deliveryId))
    .where(
      and(
        eq(deliveries.status, 'failed_attempt'),
        isNull(deliveryAttempts.decision),
        lte(deliveryAttempts.attemptedAt, new Date(now.getTime() - EXCEPTION_DECISION_MINUTES * 60_000)),
      ),
    );
  const figures = await readAttemptFigures(db, now, env.BUSINESS_TZ);
  return {
    success: true,
    data: {
      byStatus,
      total: Object.values(byStatus).reduce((a, b) => a + b, 0),
      late: Number(late),
      deliveredToday: Number(deliveredToday),
      averageRating: rating.average === null ? null : Math.round(Number(rating.average) * 100) / 100,
      ratingCount: Number(rating.n),
      exceptions: byStatus.failed_attempt + byStatus.returning,
      exceptionsLate: Number(exceptionsLate),
      ...figures,
    },
  };
}
