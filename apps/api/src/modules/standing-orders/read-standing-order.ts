import { recordAudit } from '../../platform/audit.js';
import { type Actor, isStaffActor, mayReadStandingOrder } from '../../platform/policy.js';
import type { Services } from '../../services.js';
import { toStandingOrdersJson } from './standing-order-json.js';
import { findStandingOrder } from './standing-orders.queries.js';

/** One standing order with its next five required-by times (owner or staff; a staff read of another's is audited). */
export async function readStandingOrder(services: Services, actor: Actor, input: { id: string }) {
  const order = await findStandingOrder(services.db, input.id, (o) => mayReadStandingOrder(actor, o));
  if (isStaffActor(actor) && order.customerId !== actor.id) {
    await recordAudit(
      services.db,
      { actorId: actor.id, action: 'standing_order.read', targetType: 'standing_order', targetId: order.id, ip: actor.ip },
      services.clock.now(),
    );
  }
  const [data] = await toStandingOrdersJson(services, actor, [order]);
  return { success: true as const, data };
}
