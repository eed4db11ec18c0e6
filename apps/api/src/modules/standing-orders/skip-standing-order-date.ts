import { and, eq } from 'drizzle-orm';
import { deliveries, standingOrderOccurrences } from '../../db/schema/index.js';
import { badRequest, conflict } from '../../platform/app-error.js';
import { recordAudit } from '../../platform/audit.js';
import { type Actor, mayChangeStandingOrder } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { occursOn } from './schedule.js';
import { toStandingOrdersJson } from './standing-order-json.js';
import { findStandingOrder } from './standing-orders.queries.js';

/**
 * Skip one date: its occurrence is never booked. The skip takes the occurrence's key, so a generator running at
 * the same moment either booked it first (409: cancel that delivery instead) or never will.
 */
export async function skipStandingOrderDate(services: Services, actor: Actor, input: { id: string; date: string }) {
  const order = await findStandingOrder(services.db, input.id, (o) => mayChangeStandingOrder(actor, o));
  if (order.status === 'ended') throw conflict('This standing order has ended');
  const timeZone = services.env.BUSINESS_TZ;
  const occurrence = occursOn(
    { rrule: order.rrule, time: order.time, startsOn: order.startsOn, endsOn: order.endsOn },
    input.date,
    timeZone,
  );
  if (!occurrence) throw badRequest(`date: The standing order has no delivery on ${input.date}`, 'date');
  const now = services.clock.now();
  if (occurrence.requiredBy.getTime() <= now.getTime()) throw badRequest(`date: ${input.date} has already passed`, 'date');

  await services.db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(standingOrderOccurrences)
      .values({ standingOrderId: order.id, occursOn: input.date, skippedAt: now, createdAt: now })
      .onConflictDoNothing()
      .returning();
    if (!claimed) {
      const [existing] = await tx
        .select({ orderId: deliveries.orderId, skippedAt: standingOrderOccurrences.skippedAt })
        .from(standingOrderOccurrences)
        .leftJoin(deliveries, eq(deliveries.id, standingOrderOccurrences.deliveryId))
        .where(and(eq(standingOrderOccurrences.standingOrderId, order.id), eq(standingOrderOccurrences.occursOn, input.date)));
      if (existing?.skippedAt) return;
      throw conflict(
        `The delivery for ${input.date} is already booked${existing?.orderId ? ` (#${existing.orderId})` : ''}: cancel that delivery instead`,
      );
    }
    await recordAudit(
      tx,
      {
        actorId: actor.id,
        action: 'standing_order.skip',
        targetType: 'standing_order',
        targetId: order.id,
        ip: actor.ip,
        details: { date: input.date },
      },
      now,
    );
  });
  const [data] = await toStandingOrdersJson(services, actor, [order]);
  return { success: true as const, message: `${input.date} skipped`, data };
}
