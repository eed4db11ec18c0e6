import { eq } from 'drizzle-orm';
import { standingOrders } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import { type Actor, mayChangeStandingOrder } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { toStandingOrdersJson } from './standing-order-json.js';
import { findStandingOrder } from './standing-orders.queries.js';

/** The owner or staff end a standing order: no further occurrences; deliveries already booked stay booked. */
export async function endStandingOrder(services: Services, actor: Actor, input: { id: string }) {
  const order = await findStandingOrder(services.db, input.id, (o) => mayChangeStandingOrder(actor, o));
  const now = services.clock.now();
  const ended =
    order.status === 'ended'
      ? order
      : await services.db.transaction(async (tx) => {
          const [row] = await tx
            .update(standingOrders)
            .set({ status: 'ended', updatedAt: now })
            .where(eq(standingOrders.id, order.id))
            .returning();
          await recordAudit(
            tx,
            { actorId: actor.id, action: 'standing_order.end', targetType: 'standing_order', targetId: order.id, ip: actor.ip },
            now,
          );
          return row;
        });
  const [data] = await toStandingOrdersJson(services, actor, [ended]);
  return { success: true as const, message: 'Standing order ended', data };
}
